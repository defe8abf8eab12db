import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { collectTasks, fillTasks, forms, taskAllocations } from '../forms/forms.table.ts';

/**
 * A running collection task whose one fill (not yet committed) is due `daysLeft` days from now, at noon on the
 * school's clock day; answers the fill's id. Rows are written directly: the reminder reads only these.
 */
export async function fillDueIn(
  db: Db,
  input: { fillerId: string; departmentId: string; daysLeft: number; name: string },
) {
  const formId = newId();
  const taskId = newId();
  const allocationId = newId();
  const fillId = newId();
  const deadline = new Date(Date.now() + input.daysLeft * 86_400_000);
  await db.insert(forms).values({
    id: formId,
    name: `${input.name}信息表`,
    formType: 'single',
    layout: 'vertical',
    syncType: 'syn',
    publishState: 'published',
    publishedVersion: 1,
    createdBy: 'test',
  });
  await db.insert(collectTasks).values({
    id: taskId,
    name: input.name,
    startAt: new Date(Date.now() - 86_400_000),
    deadline,
    createdBy: 'test',
  });
  await db
    .insert(taskAllocations)
    .values({ id: allocationId, taskId, departmentId: input.departmentId, state: 'allocated' });
  await db.insert(fillTasks).values({ id: fillId, allocationId, taskId, formId, fillerId: input.fillerId });
  return fillId;
}
