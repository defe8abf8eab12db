import type { MeasureResult } from '@eduqa/contract';

/** 待办事项: the caller's total and each kind with its count. */
export function TodoList({ measure }: { measure: MeasureResult | undefined }) {
  const counts = measure?.series?.[0]?.data ?? [];
  // Only the kinds with something to do, the larger counts first (a big screen has no room for zeros).
  const items = (measure?.categories ?? [])
    .map((name, i) => ({ name, count: counts[i] ?? 0 }))
    .filter((item) => item.count > 0)
    .sort((a, b) => b.count - a.count);
  return (
    <div className="ds-todos">
      <div className="ds-total">
        <strong>{measure?.value ?? 0}</strong>
        <span>待办总数（件）</span>
      </div>
      {items.length === 0 ? (
        <div className="ds-center">暂无待办</div>
      ) : (
        <ul className="ds-todo-list">
          {items.map((item) => (
            <li key={item.name}>
              <span>{item.name}</span>
              <span className="ds-num">{item.count}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
