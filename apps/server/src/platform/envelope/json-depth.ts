// How deep a request's JSON may nest (issue 23: a 40 KB body nested 20,000 deep, sent to the public
// system/info, froze /healthz for 23 s). No operation's input nests past a few levels; a body
// deeper than this is refused before it is parsed or walked, by one linear pass over its text.

/** The deepest an operation's input may nest (objects and arrays); the envelope's payload adds one. */
export const MAX_BODY_DEPTH = 32;

const QUOTE = 34; // "
const BACKSLASH = 92; // \
const OPEN_OBJECT = 123; // {
const OPEN_ARRAY = 91; // [
const CLOSE_OBJECT = 125; // }
const CLOSE_ARRAY = 93; // ]

/**
 * Whether the JSON text nests objects and arrays deeper than `max` (brackets inside strings do not
 * count). Linear, and stops at the first level past `max`; malformed text is left to JSON.parse.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}
