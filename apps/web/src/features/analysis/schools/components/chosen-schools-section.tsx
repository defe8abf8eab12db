import { CloseOutlined } from '@ant-design/icons';
import type { PeerSchool } from '@eduqa/contract';
import { Button, Empty, Input, Space, Tag, Typography } from 'antd';
import { columnTitle } from './school-column-title.tsx';

interface ChosenSchoolsProps {
  selected: readonly PeerSchool[];
  historyName: string;
  historyNameMax: number;
  onRemove: (code: string) => void;
  onClear: () => void;
  onHistoryNameChange: (name: string) => void;
  onSaveHistory: () => void;
}

/** (c) 已选学校: the chosen schools, each removable, 取消选择, and 保存为常用查询. */
export function ChosenSchoolsSection({
  selected,
  historyName,
  historyNameMax,
  onRemove,
  onClear,
  onHistoryNameChange,
  onSaveHistory,
}: ChosenSchoolsProps) {
  return (
    <section aria-label="已选学校" style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
      {columnTitle(
        `已选学校（${selected.length}）`,
        <Button type="link" size="small" disabled={selected.length === 0} onClick={onClear}>
          取消选择
        </Button>,
      )}
      <ul
        aria-label="已选学校列表"
        style={{
          flex: 1,
          overflowY: 'auto',
          maxHeight: 400,
          border: '1px solid #f0f0f0',
          margin: 0,
          padding: 0,
          listStyle: 'none',
        }}
      >
        {selected.length === 0 ? (
          <li>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未选择学校" />
          </li>
        ) : (
          selected.map((s) => (
            <li
              key={s.code}
              style={{ display: 'flex', alignItems: 'center', height: 30, padding: '0 8px', gap: 4 }}
            >
              <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {s.name}
                {s.isOwn ? (
                  <Tag color="gold" style={{ marginInlineStart: 6 }}>
                    本校
                  </Tag>
                ) : null}
              </span>
              <Button
                type="text"
                size="small"
                aria-label={`移除${s.name}`}
                icon={<CloseOutlined />}
                onClick={() => onRemove(s.code)}
              />
            </li>
          ))
        )}
      </ul>
      <div style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">保存为常用查询</Typography.Text>
        <Space.Compact style={{ width: '100%', marginTop: 4 }}>
          <Input
            placeholder="常用查询名称"
            aria-label="常用查询名称"
            maxLength={historyNameMax}
            value={historyName}
            onChange={(event) => onHistoryNameChange(event.target.value)}
          />
          <Button disabled={!historyName.trim() || selected.length === 0} onClick={onSaveHistory}>
            保存
          </Button>
        </Space.Compact>
      </div>
    </section>
  );
}
