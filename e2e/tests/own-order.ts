import { createClient } from '@qcdesk/contract/client';
import { configListOperations } from '@qcdesk/contract/config';
import { check } from '@qcdesk/contract/identity';
import { createOrder } from '@qcdesk/contract/order';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { Api, uniqueSuffix } from './api';

export interface OwnOrderOptions {
  /** The client's advance days for inspections (createClient's default otherwise). */
  advanceDays?: number;
  /** Each product's factory, as an index of the seeded factories: two products of the first by default. */
  factories?: readonly number[];
  /** Where the client's inspection reports go, and whether their share links need a password. */
  reportEmails?: string[];
  sharePassword?: boolean;
  /** The order on a new shipment of the client (the first seeded vehicle, ETD 2030-06-01). */
  shipped?: boolean;
}

/**
 * A new client of demo.sales (department SALES1) and an order of it with two products (product
 * type 2), made through the API: the testing specs' own data. `tag` marks its codes (`E2E{tag}…`,
 * `{tag}-…-1`), `label` its names. `options` change the client's advance days and the products'
 * number and factories; the answer names the seeded factories the products were given.
 */
export async function ownClientOrder(
  baseURL: string,
  tag: string,
  label: string,
  options: OwnOrderOptions = {},
) {
  const sales = await Api.signedIn(baseURL, DEMO_USERS.SALES, DEMO_PASSWORD);
  const me = await sales.call(check, {});
  const [country] = (await sales.call(configListOperations.country.search, {})).list;
  const seeded = (await sales.call(configListOperations.factory.search, {})).list;
  const factories = (options.factories ?? [0, 0]).map((i) => seeded[i]);
  if (!country || factories.some((f) => !f)) throw new Error('no seeded country or factory');
  const suffix = uniqueSuffix().toUpperCase();
  const client = await sales.call(createClient, {
    code: `E2E${tag}${suffix}`,
    name: `E2E ${label} client ${suffix}`,
    countryId: country.id,
    type: 1,
    salesId: me.uid,
    ...(options.advanceDays === undefined ? {} : { advanceDays: options.advanceDays }),
    ...(options.reportEmails ? { reportEmails: options.reportEmails } : {}),
    ...(options.sharePassword === undefined ? {} : { sharePassword: options.sharePassword }),
  });
  const product = (n: number) => ({
    itemNo: `${tag}-${suffix}-${n}`,
    name: `${label} toy ${n} ${suffix}`,
    factoryId: factories[n - 1]!.id,
    quantity: 500,
    deliveryDate: '2030-06-30',
    productType: 2,
  });
  const vehicle = options.shipped
    ? (await sales.call(configListOperations.vehicle.search, {})).list[0]
    : undefined;
  if (options.shipped && !vehicle) throw new Error('no seeded vehicle');
  const order = await sales.call(createOrder, {
    clientId: client.id,
    clientPo: `PO-${tag}-${suffix}`,
    products: factories.map((_f, i) => product(i + 1)),
    ...(vehicle ? { shipping: { vehicleId: vehicle.id, etd: '2030-06-01' } } : {}),
  });
  return { client, order, suffix, factories: factories.map((f) => f!) };
}
