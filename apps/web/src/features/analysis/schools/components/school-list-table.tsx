import type { PeerSchool } from '@eduqa/contract';
import { Checkbox, Table, type TableColumnsType, Tag } from 'antd';
import type { HTMLAttributes } from 'react';
import { SCHOOL_LIST_BOX } from '../school-selection.ts';
import './school-list-table.css';
import { TEXT_COLORS } from '../../../../shared/ui/colors.ts';

export interface SchoolListTableProps {
  schools: readonly PeerSchool[];
  selectedCodes: ReadonlySet<string>;
  isDisabled: (code: string) => boolean;
  onToggle: (school: PeerSchool) => void;
  /** Tagged 有数据 (values for the caller's indicators and years). */
  withData?: ReadonlySet<string> | undefined;
}

/** The header row of the table, inside the box's height. */
const HEADER_HEIGHT = 30;

type RowProps = HTMLAttributes<HTMLElement> & Record<`data-${string}`, string>;

/**
 * The searchable list of schools as antd's virtual table (the one forms' record table uses): only the
 * rows in the 408 × 456 box are drawn, so all 3,167 schools scroll smoothly. Each row is a list item
 * with its code; clicking the row ticks it too.
 */
export function SchoolListTable(props: SchoolListTableProps) {
  const { schools, selectedCodes, isDisabled, onToggle, withData } = props;
  const { width, height, rowHeight } = SCHOOL_LIST_BOX;
  const toggle = (school: PeerSchool) => {
    if (!isDisabled(school.code)) onToggle(school);
  };
  const columns: TableColumnsType<PeerSchool> = [
    {
      title: '序号',
      key: 'index',
      width: 52,
      render: (_, __, index) => <span style={{ color: TEXT_COLORS.muted }}>{index + 1}</span>,
    },
    {
      title: '学校名称',
      key: 'name',
      // The tags never shrink: a long name gives way (ellipsis), so 本校 and 有数据 always show.
      render: (_, school) => (
        <span style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>
            {school.name}
          </span>
          {school.isOwn ? (
            <Tag color="gold" style={{ marginInlineStart: 6, flex: 'none' }}>
              本校
            </Tag>
          ) : null}
          {withData?.has(school.code) ? (
            <Tag color="green" style={{ marginInlineStart: 6, flex: 'none' }}>
              有数据
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: '所在省份',
      key: 'province',
      width: 104,
      render: (_, school) => <span style={{ color: '#595959' }}>{school.province}</span>,
    },
    {
      key: 'check',
      width: 40,
      render: (_, school) => (
        <Checkbox
          checked={selectedCodes.has(school.code)}
          disabled={isDisabled(school.code)}
          aria-label={`选择${school.name}`}
          onClick={(event) => event.stopPropagation()}
          onChange={() => toggle(school)}
        />
      ),
    },
  ];
  const rowOf = (school: PeerSchool): RowProps => ({
    'data-code': school.code,
    'data-name': school.name,
    tabIndex: -1,
    style: {
      height: rowHeight,
      cursor: isDisabled(school.code) ? 'not-allowed' : 'pointer',
      opacity: isDisabled(school.code) ? 0.55 : 1,
    },
    onClick: () => toggle(school),
    onKeyDown: (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        toggle(school);
      }
    },
  });

  return (
    <Table<PeerSchool>
      className="school-select-list"
      data-testid="school-list"
      style={{ width, border: '1px solid #f0f0f0' }}
      virtual
      size="small"
      rowKey="code"
      pagination={false}
      showHeader
      columns={columns}
      dataSource={schools}
      scroll={{ x: width - 2, y: height - HEADER_HEIGHT }}
      components={{ body: { wrapper: 'ul', row: 'li' } }}
      onRow={rowOf}
    />
  );
}
