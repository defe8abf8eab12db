import { SmileOutlined } from '@ant-design/icons';
import { TODO_AREA, TODO_AREA_LABELS, TODO_AREAS, TODO_KIND_LABELS, type TodoCount } from '@eduqa/contract';
import { Card, Result, Typography } from 'antd';
import { Link } from 'react-router';
import { todoLink } from '../todo-links.ts';

/** 我的待办: one tile per kind with something to do, a count and a link to the screen that acts on it. */
export function TodoCard({ todos }: { todos: readonly TodoCount[] }) {
  const open = todos.filter((t) => t.count > 0);
  return (
    <Card title="我的待办" variant="borderless" style={{ gridArea: 'todos' }}>
      {open.length === 0 ? (
        <Result
          icon={<SmileOutlined />}
          title="暂无待办"
          subTitle="您目前没有需要处理的事项，新的任务、审核或督办到来时会显示在这里。"
        />
      ) : (
        TODO_AREAS.map((area) => {
          const tiles = open.filter((t) => TODO_AREA[t.kind] === area);
          if (tiles.length === 0) return null;
          return (
            <section key={area} aria-label={TODO_AREA_LABELS[area]} style={{ marginBottom: 8 }}>
              <Typography.Text type="secondary">{TODO_AREA_LABELS[area]}</Typography.Text>
              <div className="home-todo-tiles">
                {tiles.map((t) => (
                  <Link key={t.kind} to={todoLink(t.kind)} className="home-todo-tile">
                    <span className="home-todo-count">{t.count}</span>
                    <span className="home-todo-label">{TODO_KIND_LABELS[t.kind]}</span>
                  </Link>
                ))}
              </div>
            </section>
          );
        })
      )}
    </Card>
  );
}
