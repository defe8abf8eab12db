import { PORTRAIT_SUBJECT_LABELS, type PortraitObject, type PortraitSubject } from '@eduqa/contract';
import { Card, Empty, Result, Segmented, Select, Space, Spin, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListState } from '../../../../shared/ui/list-state.tsx';
import { DynamicCharts } from '../../../dashboards/index.ts';
import { useAnalysisAuthority, usePortraitData } from '../api.ts';
import { GradeTag } from '../components/grade-tag.tsx';
import { ObjectPicker } from '../components/object-picker.tsx';
import { PortraitBlocks } from '../components/portrait-blocks.tsx';
import { measuresOf } from '../measures.ts';

/**
 * 智能分析 › 画像: the subjects the analysis authority grants (学校、专业、课程、教师、学生画像) as a switch
 * (`?subject=`), then an object picked among those the object authority allows, its grade and task, the
 * blocks of the granted cards, and the 动态图表 of the subject's portrait menu.
 */
export default function PortraitPage() {
  const authority = useAnalysisAuthority();
  const [params, setParams] = useSearchParams();
  const subjects = authority.data?.subjects ?? [];
  const asked = params.get('subject') as PortraitSubject | null;
  const subject = asked && subjects.includes(asked) ? asked : subjects[0];

  if (authority.isPending || authority.isError || subjects.length === 0 || !subject) {
    return (
      <Card variant="borderless">
        <ListState
          isLoading={authority.isPending}
          error={authority.error}
          isEmpty={false}
          onRetry={() => void authority.refetch()}
        >
          <Result status="info" title="暂无可查看的画像" subTitle="请联系管理员在画像设置中为您的角色授权" />
        </ListState>
      </Card>
    );
  }
  const menu = authority.data.menus.find((m) => m.subject === subject);
  return (
    <Card
      variant="borderless"
      title={
        <Segmented<PortraitSubject>
          value={subject}
          onChange={(next) => setParams({ subject: next })}
          options={subjects.map((s) => ({ value: s, label: PORTRAIT_SUBJECT_LABELS[s] }))}
        />
      }
    >
      <SubjectPortrait
        key={subject}
        subject={subject}
        menuId={menu?.id}
        measures={measuresOf(authority.data.cards, subject)}
      />
    </Card>
  );
}

function SubjectPortrait({
  subject,
  menuId,
  measures,
}: {
  subject: PortraitSubject;
  menuId: string | undefined;
  measures: ReturnType<typeof measuresOf>;
}) {
  const [object, setObject] = useState<PortraitObject | null>(null);
  const [taskId, setTaskId] = useState<string | undefined>();
  const data = usePortraitData(subject, object?.id, taskId);
  const pick = useCallback((next: PortraitObject) => {
    setObject(next);
    setTaskId(undefined);
  }, []);
  const taskOptions = useMemo(
    () => (data.data?.tasks ?? []).map((t) => ({ value: t.id, label: `${t.period}　${t.name}` })),
    [data.data?.tasks],
  );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Space wrap>
        <ObjectPicker subject={subject} value={object} onChange={pick} />
        {data.data?.task ? (
          <Select
            aria-label="诊断任务"
            style={{ width: 300 }}
            value={data.data.task.id}
            onChange={setTaskId}
            options={taskOptions}
          />
        ) : null}
      </Space>
      {!object ? (
        <Empty description="请选择要查看画像的对象" style={{ margin: '48px 0' }} />
      ) : data.isPending ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : data.isError ? (
        <Result status="error" title="加载失败" subTitle={data.error.message} />
      ) : (
        <>
          <Space align="center" size="middle">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {data.data.object.name}
            </Typography.Title>
            <GradeTag grade={data.data.grade} />
            {data.data.task ? (
              <Typography.Text type="secondary">{data.data.task.name}</Typography.Text>
            ) : null}
          </Space>
          <PortraitBlocks data={data.data} measures={measures} />
        </>
      )}
      {menuId && object ? (
        <Card size="small" title="动态图表">
          <DynamicCharts sourceId={menuId} sourceType="portrayal" objectId={object.id} />
        </Card>
      ) : null}
    </div>
  );
}
