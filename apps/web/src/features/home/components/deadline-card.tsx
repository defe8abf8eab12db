import { DEADLINE_KIND_LABELS, type Deadline, HOME_DEADLINE_DAYS } from '@eduqa/contract';
import { Card, Empty, List, Tag } from 'antd';
import { Link } from 'react-router';
import { deadlineLink } from '../todo-links.ts';

const dueText = (daysLeft: number) => (daysLeft === 0 ? '今天到期' : `${daysLeft} 天后到期`);

/** 近期到期: goal tasks, nodes and diagnosis tasks of the person ending within the coming days. */
export function DeadlineCard({ deadlines }: { deadlines: readonly Deadline[] }) {
  return (
    <Card
      title={`近期到期（${HOME_DEADLINE_DAYS} 天内）`}
      variant="borderless"
      style={{ gridArea: 'deadlines' }}
    >
      {deadlines.length === 0 ? (
        <Empty description={`${HOME_DEADLINE_DAYS} 天内没有到期的任务或节点`} />
      ) : (
        <List
          size="small"
          dataSource={[...deadlines]}
          rowKey={(d) => `${d.kind}:${d.id}`}
          renderItem={(d) => (
            <List.Item extra={<Tag color={d.daysLeft <= 3 ? 'red' : 'orange'}>{dueText(d.daysLeft)}</Tag>}>
              <List.Item.Meta
                title={<Link to={deadlineLink(d.kind)}>{d.name}</Link>}
                description={`${DEADLINE_KIND_LABELS[d.kind]} · ${d.context} · ${d.endDate}`}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
