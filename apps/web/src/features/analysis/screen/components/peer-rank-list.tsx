import { PEER_RANK_COLUMNS as C, type MeasureResult } from '@eduqa/contract';

/** How many places count as 前三. */
const TOP = 3;

const numberText = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? String(Number(value.toFixed(2))) : '-';

/** 同类院校排名: per 计分卡 indicator, the own school's value and its rank of N. Text from data renders as text. */
export function PeerRankList({ measure }: { measure: MeasureResult | undefined }) {
  const rows = measure?.rows ?? [];
  // The note under the panel says why (no own school set, no values of its peers).
  if (rows.length === 0) return <div className="ds-center">暂无排名数据</div>;
  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <div className="ds-rank-head">
        <span>{C.indicator}</span>
        <span className="ds-num">{C.value}</span>
        <span className="ds-num">{C.rank}</span>
      </div>
      <ul className="ds-rank" style={{ flex: 1, minHeight: 0 }}>
        {rows.map((row) => {
          const name = String(row[C.indicator] ?? '');
          const unit = String(row[C.unit] ?? '');
          const rank = row[C.rank];
          const of = row[C.of];
          return (
            <li key={name}>
              <span className="ds-rank-name" title={name}>
                {name}
              </span>
              <span className="ds-num">
                {numberText(row[C.value])}
                {typeof row[C.value] === 'number' ? unit : ''}
              </span>
              <span className="ds-num">
                {typeof rank === 'number' ? (
                  <span className="ds-rank-badge" data-top={rank <= TOP}>
                    {rank}
                  </span>
                ) : (
                  '-'
                )}
                <span style={{ color: '#7f8fbf' }}> / {numberText(of)}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
