import {
  AUDIT_MIN_RETENTION_DAYS,
  AUDIT_RETENTION_TOO_SHORT,
  BACKUP_KEEP_MAX,
  BACKUP_KEEP_MIN,
  BACKUP_RUN_STATE_LABELS,
  type BackupSchedule,
} from '@eduqa/contract';
import { Button, Card, Descriptions, Form, InputNumber, Switch, Tag, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { backupKeys, saveBackupSchedule, useBackupSchedule } from '../api.ts';

const TIME_FORMAT = 'HH:mm';
const RUN_COLORS: Record<NonNullable<BackupSchedule['lastRun']>['state'], string> = {
  running: 'processing',
  finished: 'success',
  failed: 'error',
};

interface ScheduleValues {
  enabled: boolean;
  time: Dayjs | null;
  keep: number | null;
  auditRetentionDays: number | null;
}

const toValues = (schedule: BackupSchedule): ScheduleValues => ({
  enabled: schedule.enabled,
  time: dayjs(schedule.time, TIME_FORMAT),
  keep: schedule.keep,
  auditRetentionDays: schedule.auditRetentionDays,
});

/**
 * 定时备份 and 日志保留 (issue 27) on 备份与恢复: the time is the school's (系统设置 › 时区), the count
 * applies to scheduled archives only, and the retention to 操作日志 and 登录日志 alike.
 */
export function BackupScheduleCard() {
  const { data, isLoading } = useBackupSchedule();
  const [form] = Form.useForm<ScheduleValues>();
  const run = useAction(backupKeys.schedule);
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    if (data) form.setFieldsValue(toValues(data));
  }, [data, form]);

  const onSave = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.time || values.keep === null || values.auditRetentionDays === null) return;
    setSaving(true);
    const body = {
      enabled: values.enabled,
      time: values.time.format(TIME_FORMAT),
      keep: values.keep,
      auditRetentionDays: values.auditRetentionDays,
    };
    await run(() => saveBackupSchedule(body), '保存成功');
    setSaving(false);
  };

  return (
    <Card
      type="inner"
      size="small"
      title="定时备份与日志保留"
      loading={isLoading}
      style={{ marginBottom: 16 }}
    >
      <Form form={form} layout="inline" name="backupSchedule" style={{ rowGap: 12 }}>
        <Form.Item name="enabled" label="定时备份" valuePropName="checked">
          <Switch checkedChildren="开" unCheckedChildren="关" />
        </Form.Item>
        <Form.Item
          name="time"
          label="每日备份时间"
          tooltip={data ? `按学校时区（${data.timeZone}）计时` : undefined}
          rules={[{ required: true, message: '请选择备份时间' }]}
        >
          <TimePicker format={TIME_FORMAT} allowClear={false} needConfirm={false} />
        </Form.Item>
        <Form.Item
          name="keep"
          label="保留份数"
          tooltip="只计定时备份；手动备份不会被自动删除"
          rules={[{ required: true, message: '请输入保留份数' }]}
        >
          <InputNumber min={BACKUP_KEEP_MIN} max={BACKUP_KEEP_MAX} precision={0} />
        </Form.Item>
        <Form.Item
          name="auditRetentionDays"
          label="日志保留天数"
          tooltip={`操作日志与登录日志按等级保护要求至少保留${AUDIT_MIN_RETENTION_DAYS}天，每日清理过期日志`}
          rules={[
            { required: true, message: '请输入日志保留天数' },
            {
              validator: async (_, value: number | null) => {
                if (value !== null && value !== undefined && value < AUDIT_MIN_RETENTION_DAYS)
                  throw new Error(AUDIT_RETENTION_TOO_SHORT);
              },
            },
          ]}
        >
          <InputNumber precision={0} suffix="天" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" loading={isSaving} onClick={() => void onSave()}>
            保存
          </Button>
        </Form.Item>
      </Form>
      {data ? <LastRuns schedule={data} /> : null}
    </Card>
  );
}

function LastRuns({ schedule }: { schedule: BackupSchedule }) {
  const { lastRun, lastPurge } = schedule;
  return (
    <Descriptions size="small" column={1} style={{ marginTop: 16 }}>
      <Descriptions.Item label="最近一次定时备份">
        {lastRun ? (
          <span>
            {lastRun.at} <Tag color={RUN_COLORS[lastRun.state]}>{BACKUP_RUN_STATE_LABELS[lastRun.state]}</Tag>
            {lastRun.message}
          </span>
        ) : (
          '尚未执行'
        )}
      </Descriptions.Item>
      <Descriptions.Item label="最近一次日志清理">
        {lastPurge ? `${lastPurge.at}，删除 ${lastPurge.deleted.toLocaleString('zh-CN')} 条` : '尚未执行'}
      </Descriptions.Item>
    </Descriptions>
  );
}
