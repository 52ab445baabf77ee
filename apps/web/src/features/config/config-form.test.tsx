import { configListOperations } from '@qcdesk/contract/config';
import { configList } from '@qcdesk/contract/config-lists';
import type { OperationDef } from '@qcdesk/contract/operation';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { i18n } from '../../i18n/i18n';
import { ConfigForm } from './config-form';

const express = configList('express');
const ops = configListOperations.express;

function renderForm(onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfigForm list={express} onDone={onDone} onCancel={vi.fn()} />
    </QueryClientProvider>,
  );
  return onDone;
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

describe('ConfigForm (generated from the registry)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('checks the fields before sending, then creates with what was typed', async () => {
    const call = vi.spyOn(api, 'call').mockImplementation(async (op: OperationDef) => {
      if (op === ops.create) return { id: '9', code: 'ZTO', refs: {} };
      return { enumerations: {} };
    });
    const onDone = renderForm();
    // Bilingual names side by side: two columns of one grid row.
    const gridRow = (label: string) =>
      screen.getByLabelText(label).closest('.ant-form-item')?.parentElement?.parentElement;
    expect(gridRow('Chinese name')).toBe(gridRow('English name'));
    expect(gridRow('Code')).not.toBe(gridRow('Chinese name'));

    fireEvent.click(screen.getByTestId('config-save'));
    expect(await screen.findByText('Code must not be empty')).toBeTruthy();
    expect(screen.getByText('Chinese name must not be empty')).toBeTruthy();

    type('Code', 'zto');
    type('Chinese name', '中通快递');
    type('English name', 'ZTO 中通');
    type('Tracking URL', 'https://zto.com/track');
    fireEvent.click(screen.getByTestId('config-save'));
    expect(await screen.findByText('English name must not contain Chinese characters')).toBeTruthy();
    expect(screen.getByText('Tracking URL has an invalid format')).toBeTruthy();
    expect(input('Code').value).toBe('ZTO');

    type('English name', 'ZTO Express');
    type('Tracking URL', 'https://zto.com/track?no={no}');
    fireEvent.click(screen.getByTestId('config-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(call).toHaveBeenCalledWith(
      ops.create,
      {
        code: 'ZTO',
        nameZh: '中通快递',
        nameEn: 'ZTO Express',
        trackingUrl: 'https://zto.com/track?no={no}',
        sort: 0,
      },
      { silent: true },
    );
  });

  it('marks the field a refusal names', async () => {
    vi.spyOn(api, 'call').mockImplementation(async (op: OperationDef) => {
      if (op === ops.create) {
        throw new ApiError({
          code: 200,
          status: 200,
          reason: 'E_DUPLICATE',
          field: 'code',
          message: 'Code already exists',
        });
      }
      return { enumerations: {} };
    });
    const onDone = renderForm();
    type('Code', 'SF');
    type('Chinese name', '顺丰');
    type('English name', 'SF');
    fireEvent.click(screen.getByTestId('config-save'));
    const message = await screen.findByText('Code already exists');
    expect(message.closest('.ant-form-item')?.querySelector('#config-row_code')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
