import {
  GOAL_WARNING_TYPE_LABELS,
  NODE_STATE_LABELS,
  type PerformSituation,
  SCHEDULE_STATUS_LABELS,
  type SituationCatalogItem,
  YEAR_TASK_STATE_LABELS,
} from '@eduqa/contract';
import { writeWorkbook } from '../../platform/excel/write.ts';

type Column<T> = [header: string, value: (row: T) => string | number];

const sheet = <T>(name: string, columns: Column<T>[], rows: readonly T[]) => ({
  name,
  columns: columns.map(([header]) => ({ header })),
  rows: rows.map((row) => columns.map(([, value]) => value(row))),
});

const yesNo = (value: boolean) => (value ? '是' : '否');

/** targetTaskDetail/export: the sub-task catalog and each node's execution and assessment, as two sheets. */
export function situationWorkbook(
  performed: PerformSituation,
  catalog: readonly SituationCatalogItem[],
): Promise<Buffer> {
  return writeWorkbook([
    sheet<SituationCatalogItem>(
      '任务完成情况',
      [
        // Indented by depth, so the catalog reads as a tree in one column.
        ['任务名称', (t) => `${'　'.repeat(t.depth)}${t.name}`],
        ['责任部门', (t) => t.departmentName],
        ['任务负责人', (t) => t.principalName],
        ['任务状态', (t) => YEAR_TASK_STATE_LABELS[t.state]],
        ['进度状态', (t) => SCHEDULE_STATUS_LABELS[t.scheduleStatus]],
        ['完成进度(%)', (t) => t.progress],
        ['节点数', (t) => t.nodeCount],
        ['已完成节点数', (t) => t.doneNodeCount],
        ['预警', (t) => (t.warningType ? GOAL_WARNING_TYPE_LABELS[t.warningType] : '')],
        ['完成情况', (t) => t.situation],
      ],
      catalog,
    ),
    sheet(
      '节点执行与考核情况',
      [
        ['节点名称', (n) => n.name],
        ['节点负责人', (n) => n.principalName],
        ['开始日期', (n) => n.startDate],
        ['结束日期', (n) => n.endDate],
        ['节点状态', (n) => NODE_STATE_LABELS[n.state]],
        ['预警', (n) => (n.warningType ? GOAL_WARNING_TYPE_LABELS[n.warningType] : '')],
        ['上报次数', (n) => n.reportCount],
        ['终审通过', (n) => n.passedCount],
        ['待审核', (n) => n.reviewingCount],
        ['驳回', (n) => n.rejectedCount],
        ['完成度(%)', (n) => n.completion ?? ''],
        ['最终成果已通过', (n) => yesNo(n.isFinalPassed)],
        ['最近上报时间', (n) => n.lastReportedAt ?? ''],
        ['延期申请', (n) => n.delayCount],
        ['批准延期', (n) => n.delayPassedCount],
      ],
      performed.nodes,
    ),
  ]);
}
