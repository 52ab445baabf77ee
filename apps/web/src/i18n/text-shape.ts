/** The shape another language's texts must fill: the English texts' keys, any text. */
export type TextShape<T> = {
  -readonly [K in keyof T]: T[K] extends string ? string : TextShape<T[K]>;
};

/**
 * The same for Chinese texts that have no plural: an English plural (`pushedValue_one`,
 * `pushedValue_other`) is one Chinese key (`pushedValue`).
 */
export type SingularTextShape<T> = {
  -readonly [K in keyof T as K extends `${infer Base}_${'one' | 'other'}` ? Base : K]: T[K] extends string
    ? string
    : SingularTextShape<T[K]>;
};
