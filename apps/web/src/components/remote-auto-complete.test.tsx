import { AUTOCOMPLETE_CLOSE_MS } from '@qcdesk/contract/constants';
import { searchUsers } from '@qcdesk/contract/identity';
import { listOrderProducts, listOrders } from '@qcdesk/contract/order';
import { listProductionSamples } from '@qcdesk/contract/production-sample';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import {
  ClientAutoComplete,
  OrderAutoComplete,
  OrderProductAutoComplete,
  ProductionSampleAutoComplete,
  RemoteAutoComplete,
  SEARCH_DEBOUNCE_MS,
  UserAutoComplete,
} from './remote-auto-complete';
import { renderWidget } from './test-utils';

const clients = [
  { value: '1', label: 'Acme Toys' },
  { value: '2', label: 'Acme Garden' },
];

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('RemoteAutoComplete', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks once typing pauses, then offers the answers', async () => {
    const search = vi.fn().mockResolvedValue(clients);
    renderWidget(<RemoteAutoComplete search={search} aria-label="Client" />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Ac' } });
    fireEvent.change(input, { target: { value: 'Acme' } });
    await advance(SEARCH_DEBOUNCE_MS - 1);
    expect(search).not.toHaveBeenCalled();
    await advance(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe('Acme');
    expect(screen.getByText('Acme Garden')).toBeTruthy();
  });

  it('reports the chosen option, and null once the text is edited away from it', async () => {
    const onChange = vi.fn();
    renderWidget(
      <RemoteAutoComplete
        search={vi.fn().mockResolvedValue(clients)}
        onChange={onChange}
        aria-label="Client"
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Client' }) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'acme' } });
    await advance(SEARCH_DEBOUNCE_MS);
    fireEvent.click(screen.getByText('Acme Toys'));
    expect(onChange).toHaveBeenLastCalledWith(clients[0]);
    expect(input.value).toBe('Acme Toys');
  });

  it('closes the menu 300 ms after the field loses focus', async () => {
    renderWidget(<ClientAutoComplete search={vi.fn().mockResolvedValue(clients)} />);
    const input = screen.getByRole('combobox', { name: 'Search clients' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'acme' } });
    await advance(SEARCH_DEBOUNCE_MS);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.blur(input);
    await advance(AUTOCOMPLETE_CLOSE_MS - 1);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await advance(1);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('says when nothing matches', async () => {
    renderWidget(<RemoteAutoComplete search={vi.fn().mockResolvedValue([])} aria-label="Client" />, {
      language: 'zh',
    });
    const input = screen.getByRole('combobox', { name: 'Client' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zzz' } });
    await advance(SEARCH_DEBOUNCE_MS);
    expect(screen.getByText('无匹配结果')).toBeTruthy();
  });

  it('searches users through user/search', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({
      list: [{ id: '7', name: '张三', englishName: 'Zhang San' }],
      page: 1,
      pageSize: 10,
      total: 1,
      totalCapped: false,
    });
    renderWidget(<UserAutoComplete department="3" />);
    const input = screen.getByRole('combobox', { name: 'Search users' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '张' } });
    await advance(SEARCH_DEBOUNCE_MS);
    expect(call.mock.calls[0]?.[0]).toBe(searchUsers);
    expect(call.mock.calls[0]?.[1]).toEqual({ name: '张', pageSize: 10, department: '3' });
    // The name of the UI language first (English here), the other in brackets.
    expect(screen.getByText('Zhang San (张三)')).toBeTruthy();
  });
});

describe('OrderAutoComplete and OrderProductAutoComplete', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('finds orders by order no or PO ending within a client, labelled with PO and client', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({
      list: [
        {
          id: '5',
          orderNo: 'PT24-0788',
          clientPo: 'PT-PO-77881',
          client: { id: '2', code: 'PAC', name: 'Pacific' },
        },
      ],
    });
    renderWidget(<OrderAutoComplete client="2" />);
    const input = screen.getByRole('combobox', { name: 'Order no or PO ending' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '0788' } });
    await advance(SEARCH_DEBOUNCE_MS);
    expect(call.mock.calls[0]?.[0]).toBe(listOrders);
    expect(call.mock.calls[0]?.[1]).toEqual({ keyword: '0788', client: '2' });
    expect(screen.getByText('PT24-0788 · PT-PO-77881 · Pacific')).toBeTruthy();
  });

  it('finds products of one order by product no', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({
      list: [
        {
          id: '9',
          productNo: 'PT24-0788-01',
          itemNo: 'IT-1',
          name: 'Bath duck',
          orderId: '5',
          orderNo: 'PT24-0788',
        },
      ],
    });
    renderWidget(<OrderProductAutoComplete order="5" />);
    const input = screen.getByRole('combobox', { name: 'Product no containing' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '-01' } });
    await advance(SEARCH_DEBOUNCE_MS);
    expect(call.mock.calls[0]?.[0]).toBe(listOrderProducts);
    expect(call.mock.calls[0]?.[1]).toEqual({ keyword: '-01', order: '5' });
    expect(screen.getByText('PT24-0788-01 · IT-1 · Bath duck')).toBeTruthy();
  });
});

describe('ProductionSampleAutoComplete', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('finds samples of one client by item no ending, labelled with client and received date', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({
      list: [
        {
          id: '7',
          itemNo: 'RC-2024-102-P1',
          client: { id: '2', code: 'PAC', name: 'Pacific' },
          receivedDate: '2026-11-20',
          auditResult: 0,
          orderPlaced: 0,
        },
      ],
    });
    const onChange = vi.fn();
    renderWidget(<ProductionSampleAutoComplete client="2" onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Search production samples' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'P1' } });
    await advance(SEARCH_DEBOUNCE_MS);
    expect(call.mock.calls[0]?.[0]).toBe(listProductionSamples);
    expect(call.mock.calls[0]?.[1]).toEqual({ keyword: 'P1', client: '2' });
    fireEvent.click(screen.getByText('RC-2024-102-P1 · Pacific · 2026-11-20'));
    expect(onChange).toHaveBeenLastCalledWith({ value: '7', label: 'RC-2024-102-P1 · Pacific · 2026-11-20' });
  });

  it('searches every client in scope without one', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({ list: [] });
    renderWidget(<ProductionSampleAutoComplete />);
    const input = screen.getByRole('combobox', { name: 'Search production samples' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '001' } });
    await advance(SEARCH_DEBOUNCE_MS);
    expect(call.mock.calls[0]?.[1]).toEqual({ keyword: '001' });
  });
});
