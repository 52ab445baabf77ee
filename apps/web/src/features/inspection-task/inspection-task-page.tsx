import { useSearchParams } from 'react-router';
import { InspectionTaskDetailPage } from './inspection-task-detail-page';
import { InspectionTaskList } from './inspection-task-list-page';

/** Spec §2 InspectionTask (`inspection/task`), one route: `?id=` shows a task, else the list. */
export function InspectionTaskPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <InspectionTaskDetailPage id={id} /> : <InspectionTaskList />;
}
