import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FieldPhoto, PhotoField } from '../../components/photo-field';
import { codeText } from './report-logic';

// The report's photos on the shared photo field (components/photo-field.tsx), with the flags in
// the report's words.

/** A photo of the report: stored ones carry their integrity flags; those uploaded now their file (thumbnail). */
export type ReportPhoto = FieldPhoto;

export { storedPhoto } from '../../components/photo-field';

/** A photo's flags for the auditor (NO_EXIF, NEAR_DUPLICATE, …), in the UI language. */
export function PhotoFlags({ flags }: { flags: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <>
      {flags.map((flag) => (
        <Tag key={flag} color="orange" data-testid="inspection-report-photo-flag">
          {codeText('flags', flag, t)}
        </Tag>
      ))}
    </>
  );
}

/** The photos of a defect or of the report. */
export function ReportPhotoField(props: {
  value: readonly ReportPhoto[];
  onChange: (photos: ReportPhoto[]) => void;
  disabled: boolean;
  maxCount?: number;
}) {
  return (
    <PhotoField
      {...props}
      testId="inspection-report-photo"
      renderFlags={(flags) => <PhotoFlags flags={flags} />}
    />
  );
}
