import { Flex } from 'antd';
import { useIsPhone } from '../../components/use-is-phone';
import { OfflineBar } from '../../offline/offline-bar';
import { OfflineReportContext, useOfflineReport } from '../../offline/use-offline';
import { type InspectionReportDetail, useInvalidateInspectionReport } from './api';
import { PullTestsSection, SafetyTestsSection, SectionsSection } from './report-checks';
import { DefectsSection } from './report-defects';
import { LabSamplesSection } from './report-lab-samples';
import { inspectionReportOffline } from './report-offline';
import { CartonSizeSection, CartonsSection, WeightsSection } from './report-packing';
import { PhotosSection, SignOffSection } from './report-photos-section';
import { QuantitiesSection, SamplingSection } from './report-quantities';
import { ResultSection } from './report-result';
import { useReportSaver } from './use-report-saver';

/**
 * The report's parts in the order an inspector works on site. Each part saves itself while the
 * caller holds the checkout (`update` among the actions); for everyone else they read only. The
 * holder's report is kept for offline work (src/offline, issue 31): the bar says what waits to be sent.
 */
export function ReportSections({ report }: { report: InspectionReportDetail }) {
  const phone = useIsPhone();
  const onStale = useInvalidateInspectionReport();
  const { save, generation } = useReportSaver(report, onStale);
  const editable = report.actions.includes('update');
  const props = { report, editable, save };
  const offline = useOfflineReport(inspectionReportOffline, report);
  // The outbox is read first: the parts show what waits to be sent after an offline reload.
  if (!offline.ready) return null;
  return (
    <OfflineReportContext.Provider value={offline.target}>
      <OfflineBar kind={inspectionReportOffline} report={report} />
      <Flex
        vertical
        gap={phone ? 8 : 16}
        key={`${generation}-${offline.generation}`}
        data-testid="inspection-report-sections"
      >
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
    </OfflineReportContext.Provider>
  );
}
