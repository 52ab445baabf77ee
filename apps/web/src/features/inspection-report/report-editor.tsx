import { Flex } from 'antd';
import { useIsPhone } from '../../components/use-is-phone';
import { type InspectionReportDetail, useInvalidateInspectionReport } from './api';
import { PullTestsSection, SafetyTestsSection, SectionsSection } from './report-checks';
import { DefectsSection } from './report-defects';
import { LabSamplesSection } from './report-lab-samples';
import { CartonSizeSection, CartonsSection, WeightsSection } from './report-packing';
import { PhotosSection, SignOffSection } from './report-photos-section';
import { QuantitiesSection, SamplingSection } from './report-quantities';
import { ResultSection } from './report-result';
import { useReportSaver } from './use-report-saver';

/**
 * The report's parts in the order an inspector works on site. Each part saves itself while the
 * caller holds the checkout (`update` among the actions); for everyone else they read only.
 */
export function ReportSections({ report }: { report: InspectionReportDetail }) {
  const phone = useIsPhone();
  const onStale = useInvalidateInspectionReport();
  const { save, generation } = useReportSaver(report, onStale);
  const editable = report.actions.includes('update');
  const props = { report, editable, save };
  return (
    <Flex vertical gap={phone ? 8 : 16} key={generation} data-testid="inspection-report-sections">
      <QuantitiesSection {...props} />
      <SamplingSection report={report} />
      <DefectsSection {...props} />
      <CartonsSection {...props} />
      <CartonSizeSection {...props} />
      <WeightsSection {...props} />
      <PullTestsSection {...props} />
      <SafetyTestsSection {...props} />
      <SectionsSection {...props} />
      <PhotosSection {...props} />
      <SignOffSection {...props} />
      <LabSamplesSection {...props} />
      <ResultSection {...props} />
    </Flex>
  );
}
