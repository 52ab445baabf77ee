/** A reference shown by its code and names (`{id, code, nameZh, nameEn}`), as every list row shows it. */
export interface Label {
  id: bigint;
  code: string | null;
  nameZh: string | null;
  nameEn: string | null;
}
export const label = (
  id: bigint,
  code: string | null,
  nameZh: string | null,
  nameEn: string | null,
): Label => ({ id, code, nameZh, nameEn });
