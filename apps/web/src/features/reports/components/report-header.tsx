import type { ReportView } from '@eduqa/contract';
import { Descriptions, Flex, Typography } from 'antd';
import { formatScore } from '../report-labels.ts';
import './report.css';

/**
 * The report header (spec 2 §2.7): name, the task items (序号, name, person), principal, report time, the
 * 得分 stamp when scored, and the expert and school seals their results chose.
 */
export function ReportHeader({ view }: { view: ReportView }) {
  const { header } = view;
  return (
    <Flex justify="space-between" align="flex-start" gap={24} wrap style={{ marginBottom: 24 }}>
      <div style={{ flex: '1 1 480px', minWidth: 0 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {view.name}
        </Typography.Title>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'principal', label: '负责人', children: header.principal || '—' },
            { key: 'time', label: '报告时间', children: header.reportTime },
            {
              key: 'items',
              label: '任务项',
              span: 'filled',
              children: <TaskItems items={header.items} total={header.itemCount} />,
            },
          ]}
        />
      </div>
      <Flex gap={16} align="center" aria-label="评审结果">
        {view.score !== null ? (
          <div className="report-score-stamp" role="img" aria-label={`得分 ${formatScore(view.score)}`}>
            <span className="report-score-stamp-label">得分</span>
            <span className="report-score-stamp-value">{formatScore(view.score)}</span>
          </div>
        ) : null}
        {header.expertSeal ? <img className="report-seal" src={header.expertSeal} alt="专家评审章" /> : null}
        {header.schoolSeal ? <img className="report-seal" src={header.schoolSeal} alt="学校审核章" /> : null}
      </Flex>
    </Flex>
  );
}

function TaskItems({ items, total }: { items: ReportView['header']['items']; total: number }) {
  if (items.length === 0) return <>—</>;
  return (
    <Flex vertical gap={2} style={{ maxHeight: 160, overflowY: 'auto' }}>
      {/* 序号 and name: the item's id (cjdmid) is the API's, a reader cannot use it. */}
      {items.map((item, i) => (
        <span key={item.id}>
          {`${i + 1}. ${item.name}`}
          {item.person ? <Typography.Text type="secondary">（{item.person}）</Typography.Text> : null}
        </span>
      ))}
      {total > items.length ? (
        <Typography.Text type="secondary">
          共{total}项，列出前{items.length}项
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
