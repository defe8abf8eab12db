import type { PeerSchool } from '@eduqa/contract';
import { Checkbox, Tag } from 'antd';
import { memo, type UIEvent, useCallback, useEffect, useRef, useState } from 'react';
import { SCHOOL_LIST_BOX, visibleRange } from '../school-selection.ts';

interface RowProps {
  school: PeerSchool;
  index: number;
  isChecked: boolean;
  isDisabled: boolean;
  onToggle: (school: PeerSchool) => void;
}

const ROW_STYLE = {
  display: 'flex',
  alignItems: 'center',
  height: SCHOOL_LIST_BOX.rowHeight,
  padding: '0 8px',
  gap: 8,
  borderBottom: '1px solid #f5f5f5',
  boxSizing: 'border-box',
} as const;

/** One row: index, name (本校 marked), province and the checkbox; clicking the row ticks it too. */
const SchoolRow = memo(function SchoolRow({ school, index, isChecked, isDisabled, onToggle }: RowProps) {
  const toggle = () => {
    if (!isDisabled) onToggle(school);
  };
  return (
    <li
      data-code={school.code}
      style={{ ...ROW_STYLE, cursor: isDisabled ? 'not-allowed' : 'pointer', opacity: isDisabled ? 0.55 : 1 }}
      onClick={toggle}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          toggle();
        }
      }}
      tabIndex={-1}
    >
      <span style={{ width: 44, color: '#8c8c8c', flex: 'none' }}>{index + 1}</span>
      <span
        style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {school.name}
        {school.isOwn ? (
          <Tag color="gold" style={{ marginInlineStart: 6 }}>
            本校
          </Tag>
        ) : null}
      </span>
      <span style={{ width: 96, flex: 'none', color: '#595959' }}>{school.province}</span>
      <Checkbox
        checked={isChecked}
        disabled={isDisabled}
        aria-label={`选择${school.name}`}
        onClick={(event) => event.stopPropagation()}
        onChange={toggle}
      />
    </li>
  );
});

export interface VirtualSchoolListProps {
  schools: readonly PeerSchool[];
  selectedCodes: ReadonlySet<string>;
  isDisabled: (code: string) => boolean;
  onToggle: (school: PeerSchool) => void;
}

/**
 * The searchable list's rows, windowed: only the rows in the 408 × 456 box (and a few spare) are drawn,
 * each 30 px high, so all 3,167 schools scroll smoothly. A new list (another filter) starts at the top.
 */
export function VirtualSchoolList({ schools, selectedCodes, isDisabled, onToggle }: VirtualSchoolListProps) {
  const { width, height, rowHeight } = SCHOOL_LIST_BOX;
  const box = useRef<HTMLDivElement>(null);
  // The first visible row, not the scroll offset: the list redraws once per row scrolled past, not per pixel.
  const [firstRow, setFirstRow] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list (another filter) scrolls back to the top
  useEffect(() => {
    if (box.current) box.current.scrollTop = 0;
    setFirstRow(0);
  }, [schools]);
  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => setFirstRow(Math.floor(event.currentTarget.scrollTop / rowHeight)),
    [],
  );
  const { start, end } = visibleRange({
    scrollTop: firstRow * rowHeight,
    height,
    rowHeight,
    count: schools.length,
  });
  return (
    <div
      ref={box}
      className="school-select-list"
      data-testid="school-list"
      style={{ width, height, overflowY: 'auto', position: 'relative', border: '1px solid #f0f0f0' }}
      onScroll={onScroll}
    >
      <div style={{ height: schools.length * rowHeight, position: 'relative' }}>
        <ul
          aria-label="高校列表"
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            right: 0,
            margin: 0,
            padding: 0,
            listStyle: 'none',
            transform: `translateY(${start * rowHeight}px)`,
          }}
        >
          {schools.slice(start, end).map((school, i) => (
            <SchoolRow
              key={school.code}
              school={school}
              index={start + i}
              isChecked={selectedCodes.has(school.code)}
              isDisabled={isDisabled(school.code)}
              onToggle={onToggle}
            />
          ))}
        </ul>
      </div>
    </div>
  );
}
