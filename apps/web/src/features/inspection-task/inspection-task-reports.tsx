import { FileAddOutlined } from '@ant-design/icons';
import { INSPECTION_REPORT_STATUS } from '@qcdesk/contract/inspection-report';
import { INSPECTION_TASK_STATUS } from '@qcdesk/contract/inspection-task';
import { Button, Card, Empty, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { subheading } from '../../components/record/record-card';
import { RecordLink } from '../../components/record/record-link';
import { enumText } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import { type InspectionTaskDetail, useCreateTaskReport, useTaskReports } from './api';

const OPEN = new Set<number>([INSPECTION_TASK_STATUS.assigned, INSPECTION_TASK_STATUS.inProgress]);

/**
 * The task's inspection reports (each opens its report), and for the task's lead inspector the
 * "create report" button while the task is open: the report is created and opened at once.
 */
export function TaskReports({ task }: { task: InspectionTaskDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const session = useSession();
  const reads = hasPermission(session, 'insp.report.search');
  const reports = useTaskReports(task.id, reads);
  const create = useCreateTaskReport();
  const list = reports.data?.list ?? [];
  const lead = session?.uid === task.inspector.id && hasPermission(session, 'insp.report.edit');
  const hasFinal = list.some((r) => !r.interim && r.status !== INSPECTION_REPORT_STATUS.cancelled);
  const creates = lead && OPEN.has(task.status) && !hasFinal && !reports.isPending;
  if (!reads && !creates) return null;
  return (
    <Card
      title={<h2 style={subheading}>{t('inspection-task.reports')}</h2>}
      data-testid="inspection-task-reports"
      extra={
        creates ? (
          <Button
            type="primary"
            icon={<FileAddOutlined />}
            loading={create.isPending}
            data-testid="inspection-task-create-report"
            onClick={() =>
              void create
                .mutateAsync({ taskId: task.id })
                .then((report) => navigate(`/${language}/inspection/report/${report.id}`))
                .catch(() => undefined)
            }
          >
            {t('inspection-task.createReport')}
          </Button>
        ) : null
      }
    >
      {list.length ? (
        <List
          size="small"
          dataSource={list}
          renderItem={(report) => (
            <List.Item key={report.id} extra={enumText('InspectionReportStatus', report.status, language)}>
              <RecordLink
                route={report.interim ? 'InlineReport' : 'InspectionReportDetail'}
                to={`${report.interim ? 'inline-report' : 'inspection/report'}/${report.id}`}
              >
                <span data-testid="inspection-task-report-link">{report.reportNo}</span>
              </RecordLink>
              {` · ${formatDate(report.inspectionDate)}`}
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inspection-task.noReports')} />
      )}
    </Card>
  );
}
