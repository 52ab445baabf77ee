/**
 * Enter submits a form only from a plain text field (issue 25): in a date picker it confirms the date,
 * in a select or an auto-complete it picks the option, and neither sends the form. A form holding a
 * list of lines (a new order's products, a card's child rows: marked `data-form-lines`) never submits
 * from Enter, so a half-filled line list is not saved by a key meant for one field; its button saves it.
 *
 * The browser submits a form from Enter as the default action of the key (implicit submission). One
 * listener on the window, installed at start (main.tsx), cancels that default where it does not
 * belong, after the field's own handler ran (a picker confirms on the same key), so every form gets
 * the rule without a prop.
 */

/** Input types whose Enter may submit: text typed by a person, nothing picked. */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'password', 'tel', 'url', 'number']);

/** Fields that use Enter themselves: pickers, selects, auto-completes (antd's and any ARIA combobox). */
const PICKER = '[role="combobox"], [aria-autocomplete], .ant-picker, .ant-select, .ant-cascader';

/** The mark of a form's line list. */
export const FORM_LINES_ATTRIBUTE = 'data-form-lines';

/** Whether Enter in `target` may submit its form: a plain text field of a form without a line list. */
export function enterMaySubmit(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLInputElement)) return true;
  const form = target.form;
  // Not in a form: nothing to submit. Textareas, buttons and links are no HTMLInputElement.
  if (!form) return true;
  if (!TEXT_TYPES.has(target.type)) return false;
  if (target.closest(PICKER)) return false;
  const lines = `[${FORM_LINES_ATTRIBUTE}]`;
  return !form.matches(lines) && form.querySelector(lines) === null;
}

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Enter' || event.defaultPrevented || event.isComposing) return;
  if (!enterMaySubmit(event.target)) event.preventDefault();
}

/** Installs the rule for the page; answers how to remove it (tests). */
export function installFormEnterGuard(target: Window = window): () => void {
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
