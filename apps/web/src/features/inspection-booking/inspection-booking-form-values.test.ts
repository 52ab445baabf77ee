import { describe, expect, it } from 'vitest';
import { createBookingInput, productsInput } from './inspection-booking-form-values';

// The booking form's inputs: order-product lines or free-text lines, empty extra values left out.

describe('booking form values', () => {
  it('turns rows into order-product or free-text lines and drops empty rows', () => {
    expect(
      productsInput([
        { orderProduct: { value: '12', label: 'P-1' }, quantity: 5 },
        { name: 'Plush bear', quantity: 2 },
        {},
      ]),
    ).toEqual([
      { orderProductId: '12', quantity: 5 },
      { name: 'Plush bear', quantity: 2 },
    ]);
  });

  it('sends the picked client and only the filled extra fields', () => {
    const input = createBookingInput({
      bookingTypeId: '3',
      client: { value: '9', label: 'C' },
      factoryId: '4',
      inspectionDate: '2027-01-05',
      contactName: 'Wang',
      contactPhone: '123',
      extra: { poNumbers: 'PO-1', closingDate: undefined, marks: [] },
      products: [{ name: 'Box', quantity: 1 }],
    });
    expect(input).toMatchObject({ clientId: '9', extra: { poNumbers: 'PO-1' } });
    expect(input.extra).not.toHaveProperty('marks');
  });
});
