import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../components/list-page';
import { refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../lib/format';
import { type InspectionTaskRow, inspectionTasksSearchKey, requestInspectionTasks } from './api';
import { inspectionTaskColumns, taskLink } from './inspection-task-columns';

/** Spec §2 InspectionTask (`inspection/task`): an inspector's own tasks (cards on a phone, a table on a PC). */
export function InspectionTaskList() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns = useMemo(() => inspectionTaskColumns(language), [language]);
  return (
    <ListPage<InspectionTaskRow>
      title={t('inspection-task.title')}
      testId="inspection-task"
      columns={columns}
      rowKey="id"
      queryKey={inspectionTasksSearchKey}
      listKey="inspectiontask"
      request={requestInspectionTasks}
      cardTitle={(row) => (
        <Link to={taskLink(language, row.id)} data-testid="inspection-task-card-link">
          {formatDate(row.taskDate)} · {row.taskNo} | {refName(row.factory, language)}
        </Link>
      )}
    />
  );
}
