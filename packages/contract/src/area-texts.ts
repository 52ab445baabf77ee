// Every area's own error keys and field labels, collected from the areas of catalogue.ts (texts.ts).

import { areas } from './catalogue';
import { collectAreaErrors, collectAreaFields, type Text } from './texts';

type Area = (typeof areas)[keyof typeof areas];

/** The error keys the areas declare in their `texts`. */
export type AreaReason = Area extends infer A
  ? A extends { texts: { errors: infer E } }
    ? keyof E & string
    : never
  : never;

export const areaMessages = collectAreaErrors(areas) as Readonly<Record<AreaReason, Text>>;

/** The field labels the areas declare in their `texts`. */
export const areaFieldLabels = collectAreaFields(areas);
