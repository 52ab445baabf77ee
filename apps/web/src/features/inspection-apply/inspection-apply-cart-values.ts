import type { CartProduct, CreateInspectionApplyInput } from './api';

/** The cart form's values: the application's fields and a quantity per cart product (by its id). */
export interface CartValues {
  inspectionTypeId: string;
  applyType: number;
  expectedDate: string;
  remark?: string;
  quantities?: Record<string, number | null | undefined>;
}

/** How many applications the cart makes: one per factory (the server splits the cart so). */
export function factoryCount(products: readonly Pick<CartProduct, 'factory'>[]): number {
  return new Set(products.map((p) => p.factory.id)).size;
}

/** `inspection/apply/create`'s input from the form: every product with a quantity, in the cart's order. */
export function cartInput(
  values: CartValues,
  products: readonly Pick<CartProduct, 'id'>[],
  submit: boolean,
): Omit<CreateInspectionApplyInput, 'confirm'> {
  const items = products.flatMap((p) => {
    const quantity = values.quantities?.[p.id];
    return typeof quantity === 'number' ? [{ orderProductId: p.id, applyQuantity: quantity }] : [];
  });
  const remark = values.remark?.trim();
  return {
    items,
    inspectionTypeId: values.inspectionTypeId,
    applyType: values.applyType,
    expectedDate: values.expectedDate,
    ...(remark ? { remark } : {}),
    submit,
  };
}
