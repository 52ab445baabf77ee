/**
 * The leave guard for dialogs and drawers (issue 25): input typed into a dialog is not lost by a
 * click beside it. Closing a changed dialog by its ×, Escape or the mask asks "Close without saving?"
 * (Keep editing has the focus); its own Cancel button, a save, or the caller closing it do not ask.
 * While it holds changes, leaving the page asks too (use-leave-guard).
 *
 * What counts as a change: when a form inside keeps its own leave guard (a record form, the config
 * form of a drawer), that guard — so a form that saved and stayed open holds nothing; otherwise any
 * edit a person makes in a form inside (antd's Form.Provider sees every form), so a dialog needs no
 * wiring beyond using GuardedModal for Modal. Input that is no form field (uploaded files) reports
 * itself: `useDialogGuard()?.change()`, or `guard.change()` of a guard passed as `guard`. A dialog
 * that navigates after its save calls `useDialogGuard()?.settle()` first.
 *
 * <GuardedModal open title onCancel={close} …same props as antd's Modal…>{form}</GuardedModal>
 */
import { ConfigProvider, Form, Modal, type ModalProps } from 'antd';
import {
  createContext,
  type ReactNode,
  type SyntheticEvent,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useConfirm } from './confirm-dialog';
import {
  type LeaveGuard,
  type LeaveGuardScope,
  LeaveGuardScopeContext,
  useLeaveGuard,
} from './use-leave-guard';
import { useWidgetsTranslation } from './widgets-i18n';

const DialogGuardContext = createContext<LeaveGuard | null>(null);

/** The guard of the dialog around a component, if any. */
export const useDialogGuard = () => useContext(DialogGuardContext);

/**
 * What a dialog or drawer needs to ask before it closes: its guard (`given`, or one of its own),
 * `requestClose` for ×, Escape and mask (asks when changed), and `wrap` for its body (counts the
 * edits of the forms inside and offers the guard to them). `open` false settles it: a dialog its
 * caller closed (after a save) holds nothing.
 */
export function useCloseGuard<E>(options: {
  open: boolean | undefined;
  onClose: ((event: E) => void) | undefined;
  guard?: LeaveGuard | undefined;
  /** An explicit close that never asks (the dialog's own Cancel button). */
  explicit?: (event: E) => boolean;
}) {
  const { t } = useWidgetsTranslation();
  const own = useLeaveGuard();
  const guard = options.guard ?? own;
  const [confirm, holder] = useConfirm();
  const asking = useRef(false);
  const { open } = options;
  const { settle } = guard;
  // The guards the forms inside keep themselves, and whether each holds changes.
  const [inner, setInner] = useState<ReadonlyMap<symbol, boolean>>(() => new Map());
  const scope = useMemo<LeaveGuardScope>(
    () => ({
      register: (key) => {
        setInner((now) => new Map(now).set(key, false));
        return () =>
          setInner((now) => {
            const next = new Map(now);
            next.delete(key);
            return next;
          });
      },
      mark: (key, dirty) =>
        setInner((now) => (!now.has(key) || now.get(key) === dirty ? now : new Map(now).set(key, dirty))),
    }),
    [],
  );
  const dirty = guard.dirty || [...inner.values()].some(Boolean);

  useEffect(() => {
    if (!open) settle();
  }, [open, settle]);

  const close = (event: E) => {
    guard.settle();
    options.onClose?.(event);
  };
  const requestClose = (event: E) => {
    if (!dirty || options.explicit?.(event)) {
      close(event);
      return;
    }
    if (asking.current) return;
    asking.current = true;
    void confirm({
      title: t('widgets.leave.closeTitle'),
      content: t('widgets.leave.closeContent'),
      okText: t('widgets.leave.discard'),
      cancelText: t('widgets.leave.keepEditing'),
      danger: true,
      focus: 'cancel',
    }).then((discard) => {
      asking.current = false;
      if (discard) close(event);
    });
  };
  const wrap = (children: ReactNode) => (
    <DialogGuardContext.Provider value={guard}>
      <LeaveGuardScopeContext.Provider value={scope}>
        <Form.Provider
          onFormChange={(_, { changedFields }) => {
            // Forms with a guard of their own report through it. Validation reports fields too:
            // only a person's edit (a touched field) is a change.
            if (inner.size === 0 && changedFields.some((field) => field.touched)) guard.change();
          }}
        >
          {children}
        </Form.Provider>
      </LeaveGuardScopeContext.Provider>
    </DialogGuardContext.Provider>
  );
  return { guard, dirty, requestClose, wrap, holder };
}

type CancelEvent = Parameters<NonNullable<ModalProps['onCancel']>>[0];

/** antd's Modal that asks before its × / Escape / mask drops what was typed (see the file's comment). */
export function GuardedModal({
  guard,
  onCancel,
  children,
  ...props
}: ModalProps & { guard?: LeaveGuard; children?: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const footer = `.${getPrefixCls('modal')}-footer`;
  const dialog = useCloseGuard<CancelEvent>({
    open: props.open,
    onClose: onCancel,
    guard,
    // The footer's Cancel button is the person's own choice; the ×, Escape and the mask may be slips.
    explicit: (event) => {
      const target = (event as SyntheticEvent | undefined)?.currentTarget;
      return target instanceof Element && target.closest(footer) !== null;
    },
  });
  return (
    <>
      {dialog.holder}
      <Modal {...props} onCancel={dialog.requestClose}>
        {dialog.wrap(children)}
      </Modal>
    </>
  );
}
