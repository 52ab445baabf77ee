/**
 * An enumeration's value (a status, a result) as a dot and its name in the UI language, the dot
 * coloured by the area's tones: legible on any theme, unlike a coloured tag. An area names its
 * tones once beside its business rule and wraps this in its own badge:
 *
 *   const STATUS_TONES: BadgeTones = { 10: 'default', 20: 'processing', 30: 'success' };
 *   <EnumBadge name="MaterialTestStatus" value={status} tones={STATUS_TONES} language={language} />
 */
import type { EnumName } from '@qcdesk/contract/enumerations';
import type { Language } from '@qcdesk/contract/messages';
import { Badge, type BadgeProps } from 'antd';
import { enumText } from './ref-labels';

/** The dot's colour by value; a value not listed is grey. */
export type BadgeTones = Readonly<Record<number, BadgeProps['status']>>;

/** What an area's badge passes on: the language, and a test id or style of its own. */
export type EnumBadgeProps = { language: Language } & Omit<BadgeProps, 'status' | 'text'>;

export function EnumBadge({
  name,
  value,
  tones,
  language,
  ...rest
}: { name: EnumName; value: number; tones: BadgeTones } & EnumBadgeProps) {
  return <Badge status={tones[value] ?? 'default'} text={enumText(name, value, language)} {...rest} />;
}
