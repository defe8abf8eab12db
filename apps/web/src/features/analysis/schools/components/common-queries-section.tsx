import { CloseOutlined, SettingOutlined } from '@ant-design/icons';
import type { SchoolHistory, SchoolLevel, SchoolNature, SchoolScreenSetting } from '@eduqa/contract';
import { Button, Tag, Tooltip, Typography } from 'antd';
import type { SchoolListFilter } from '../school-selection.ts';
import { columnTitle } from './school-column-title.tsx';

type FilterKey = 'province' | 'level' | 'nature';

interface CommonQueriesProps {
  histories: readonly SchoolHistory[] | undefined;
  setting: SchoolScreenSetting | undefined;
  filter: Omit<SchoolListFilter, 'keyword'>;
  onToggleFilter: <K extends FilterKey>(key: K, next: SchoolListFilter[K]) => void;
  onApplyHistory: (history: SchoolHistory) => void;
  onDeleteHistory: (history: SchoolHistory) => void;
  onOpenSettings: () => void;
}

/** (a) 常用查询: the saved selections, and the setting's levels, natures and provinces as filter tags. */
export function CommonQueriesSection(props: CommonQueriesProps) {
  const { histories, setting, onApplyHistory, onDeleteHistory, onOpenSettings } = props;
  const filterTags = <T extends string>(label: string, values: readonly T[] | undefined, key: FilterKey) =>
    values && values.length > 0 ? (
      <div style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">{label}</Typography.Text>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 4 }}>
          {values.map((v) => (
            <Tag.CheckableTag
              key={v}
              checked={props.filter[key] === v}
              onChange={() => props.onToggleFilter(key, v as never)}
            >
              {v}
            </Tag.CheckableTag>
          ))}
        </div>
      </div>
    ) : null;
  return (
    <section aria-label="常用查询" style={{ width: 200, flex: 'none', maxHeight: 560, overflowY: 'auto' }}>
      {columnTitle(
        '常用查询',
        <Button type="link" size="small" icon={<SettingOutlined />} onClick={onOpenSettings}>
          设置
        </Button>,
      )}
      {histories && histories.length > 0 ? (
        <div>
          <Typography.Text type="secondary">我的常用查询</Typography.Text>
          {histories.map((h) => (
            <div key={h.id} style={{ display: 'flex', alignItems: 'center' }}>
              <Button
                type="link"
                size="small"
                style={{ flex: 1, justifyContent: 'flex-start', overflow: 'hidden', paddingInline: 0 }}
                title={`${h.name}（${h.schools.length} 所）`}
                onClick={() => onApplyHistory(h)}
              >
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{h.name}</span>
              </Button>
              <Tooltip title="删除">
                <Button
                  type="text"
                  size="small"
                  aria-label={`删除常用查询${h.name}`}
                  icon={<CloseOutlined />}
                  onClick={() => onDeleteHistory(h)}
                />
              </Tooltip>
            </div>
          ))}
        </div>
      ) : null}
      {filterTags<SchoolLevel>('办学层次', setting?.levels, 'level')}
      {filterTags<SchoolNature>('办学性质', setting?.natures, 'nature')}
      {filterTags<string>('所在省份', setting?.provinces, 'province')}
    </section>
  );
}
