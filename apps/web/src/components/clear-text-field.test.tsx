import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClearTextField, type ClearTextKind, clearedValue, showsClearButton } from './clear-text-field';
import { renderWidget } from './test-utils';

function Field({ initial, kind, disabled }: { initial: string; kind?: ClearTextKind; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <ClearTextField aria-label="Field" value={value} onChange={setValue} kind={kind} disabled={disabled} />
  );
}

const input = () => screen.getByRole('textbox', { name: 'Field' }) as HTMLInputElement;
const clear = () => screen.queryByRole('button', { name: 'Clear' });

describe('clear button rules', () => {
  it('shows only when non-empty and enabled', () => {
    expect(showsClearButton('a', false)).toBe(true);
    expect(showsClearButton('', false)).toBe(false);
    expect(showsClearButton(undefined, false)).toBe(false);
    expect(showsClearButton('a', true)).toBe(false);
  });

  it('clears text to empty and numbers to the text zero', () => {
    expect(clearedValue('text')).toBe('');
    expect(clearedValue('number')).toBe('0');
  });
});

describe('ClearTextField', () => {
  afterEach(cleanup);

  it('clears a text field to empty and then hides the button', () => {
    renderWidget(<Field initial="abc" />);
    fireEvent.click(clear()!);
    expect(input().value).toBe('');
    expect(clear()).toBeNull();
    fireEvent.change(input(), { target: { value: 'x' } });
    expect(clear()).not.toBeNull();
  });

  it('clears a number field to "0"', () => {
    renderWidget(<Field initial="12.5" kind="number" />);
    fireEvent.click(clear()!);
    expect(input().value).toBe('0');
  });

  it('has no clear button when disabled', () => {
    renderWidget(<Field initial="abc" disabled />);
    expect(clear()).toBeNull();
  });

  it('trims the text when the field loses focus', () => {
    renderWidget(<Field initial="" />);
    fireEvent.change(input(), { target: { value: '  a b  ' } });
    expect(input().value).toBe('  a b  ');
    fireEvent.blur(input());
    expect(input().value).toBe('a b');
  });
});
