import { EXAM_TYPE_LABELS, YEAR_TASK_STATE_LABELS } from '@eduqa/contract';
import { Alert, Button, Descriptions, Progress, Space, Typography } from 'antd';
import type { TaskDetailData } from '../../api.ts';
import { dateRange, percent } from '../../goal-labels.ts';
import { AuditTag, ScheduleTag, TaskTypeTag, WarningTag } from '../goal-tags.tsx';
import { FileLinks } from './file-links.tsx';

/**
 * The head of 任务详情: the task's facts, progress and files, with 上传附件 for who may change it and 催办
 * beside the principal for the department's head and the creator.
 */
export function TaskFacts({
  data,
  onUploadFiles,
  onUrge,
}: {
  data: TaskDetailData;
  onUploadFiles: () => void;
  onUrge: () => void;
}) {
  const { task, rights } = data;
  return (
    <>
      {task.isWithdrawn ? (
        <Alert
          type="warning"
          showIcon
          title="任务已撤回，重新下发后才能继续办理"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {/* One column on a phone: two would squeeze each value beside its label into a sliver. */}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label="年度目标" span="filled">
          {task.yearTargetName}
        </Descriptions.Item>
        <Descriptions.Item label="任务类型">
          <TaskTypeTag type={task.type} />
        </Descriptions.Item>
        <Descriptions.Item label="考核方式">{EXAM_TYPE_LABELS[task.examType]}</Descriptions.Item>
        <Descriptions.Item label="目标值">{task.targetValue || '—'}</Descriptions.Item>
        <Descriptions.Item label="责任部门">{task.departmentName}</Descriptions.Item>
        <Descriptions.Item label="任务负责人">
          <Space size={8}>
            {task.principalName}
            {rights.canUrge && !task.isWithdrawn ? (
              <Button size="small" onClick={onUrge}>
                催办
              </Button>
            ) : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="协同部门">
          {task.collaboratingDepartments.map((d) => d.name).join('、') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="起止日期">{dateRange(task.startDate, task.endDate)}</Descriptions.Item>
        <Descriptions.Item label="任务状态">{YEAR_TASK_STATE_LABELS[task.state]}</Descriptions.Item>
        <Descriptions.Item label="进度状态">
          <Space size={4}>
            <ScheduleTag status={task.scheduleStatus} />
            {task.warningType ? <WarningTag type={task.warningType} /> : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="分解审核">
          <AuditTag state={task.auditState} />
        </Descriptions.Item>
        <Descriptions.Item label="完成进度" span="filled">
          <Progress
            aria-label="任务进度"
            percent={percent(task.progress)}
            style={{ maxWidth: 320, marginInlineEnd: 16 }}
          />
          <Typography.Text type="secondary">
            已完成节点 {task.doneNodeCount} / {task.nodeCount}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="创建人">{task.creatorName}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{task.createdAt}</Descriptions.Item>
        <Descriptions.Item label="任务详情" span="filled">
          {task.detail || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="任务附件" span="filled">
          <Space align="start" size={16}>
            <FileLinks files={data.files} withType />
            {(rights.canEdit || rights.canDecompose) && !task.isWithdrawn ? (
              <Button size="small" onClick={onUploadFiles}>
                上传附件
              </Button>
            ) : null}
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
