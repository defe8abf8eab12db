import { CloseOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import type { PeerSchool, SchoolHistory, SchoolLevel, SchoolNature } from '@eduqa/contract';
import { Button, Empty, Input, Modal, Select, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { notify } from '../../../../shared/ui/feedback.tsx';
import {
  deleteSchoolHistory,
  saveSchoolHistory,
  schoolKeys,
  useSchoolDirectory,
  useSchoolHistories,
  useSchoolOptions,
  useSchoolScreen,
} from '../api.ts';
import {
  canConfirm,
  filterSchools,
  isChoiceDisabled,
  NO_SCHOOL_FILTER,
  SCHOOL_LIST_BOX,
  SCHOOL_SEARCH_DEBOUNCE_MS,
  type SchoolListFilter,
  selectionRule,
  toggleSchool,
} from '../school-selection.ts';
import { SchoolListTable } from './school-list-table.tsx';
import { SchoolSettingsDialog } from './school-settings-dialog.tsx';

export interface SchoolSelectModalProps {
  open: boolean;
  value: readonly PeerSchool[];
  /** footer: 至少选择 {min} 所 */
  min?: number;
  /** footer: 最多选择 {max} 所; at max further checkboxes are disabled */
  max?: number;
  title?: string;
  onCancel: () => void;
  onOk: (schools: PeerSchool[]) => void;
}

const HISTORY_NAME_MAX = 60;
const ALL_PROVINCES = '';

/** The keyword the list filters by, once typing has paused for 300 ms (spec 1 §5). */
function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const columnTitle = (text: string, extra?: ReactNode) => (
  <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', height: 32 }}>
    <Typography.Text strong>{text}</Typography.Text>
    {extra}
  </div>
);

/**
 * 选择学校 (spec 1 §2 piece 2): (a) common queries — the saved selections and the setting's levels,
 * natures and provinces as filters, with 设置; (b) the whole directory, searched by name (debounced
 * 300 ms) and filtered by province, in a windowed list; (c) the chosen schools, each removable, 取消选择,
 * and 保存为常用查询. 确定 needs the minimum; at the maximum the other checkboxes are disabled.
 */
export function SchoolSelectModal({ open, value, min, max, title, onCancel, onOk }: SchoolSelectModalProps) {
  const directory = useSchoolDirectory(open);
  const options = useSchoolOptions();
  const screen = useSchoolScreen(open);
  const histories = useSchoolHistories(open);
  const run = useAction(schoolKeys.histories);

  const [selected, setSelected] = useState<PeerSchool[]>([...value]);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed, SCHOOL_SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<Omit<SchoolListFilter, 'keyword'>>(NO_SCHOOL_FILTER);
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const [historyName, setHistoryName] = useState('');

  // Each opening starts from the caller's value and an unfiltered list.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      setSelected([...value]);
      setTyped('');
      setFilter(NO_SCHOOL_FILTER);
      setHistoryName('');
    }
    wasOpen.current = open;
  }, [open, value]);

  const shown = useMemo(
    () => filterSchools(directory.data ?? [], { ...filter, keyword }),
    [directory.data, filter, keyword],
  );
  const selectedCodes = useMemo(() => new Set(selected.map((s) => s.code)), [selected]);
  const isDisabled = useCallback((code: string) => isChoiceDisabled(selected, code, max), [selected, max]);
  const onToggle = useCallback(
    (school: PeerSchool) => setSelected((now) => toggleSchool(now, school, max)),
    [max],
  );

  const toggleFilter = <K extends 'province' | 'level' | 'nature'>(key: K, next: SchoolListFilter[K]) =>
    setFilter((now) => ({ ...now, [key]: now[key] === next ? null : next }));

  const applyHistory = (history: SchoolHistory) => {
    setTyped(history.filter.keyword);
    setFilter({
      province: history.filter.provinces.length === 1 ? history.filter.provinces[0]! : null,
      level: history.filter.levels.length === 1 ? history.filter.levels[0]! : null,
      nature: history.filter.natures.length === 1 ? history.filter.natures[0]! : null,
    });
    const schools = max === undefined ? history.schools : history.schools.slice(0, max);
    if (schools.length < history.schools.length) notify.warning(`最多选择 ${max} 所，已选前 ${max} 所`);
    setSelected(schools);
  };

  const saveHistory = async () => {
    const name = historyName.trim();
    const saved = await run(
      () =>
        saveSchoolHistory({
          name,
          filter: {
            keyword: keyword.trim(),
            provinces: filter.province ? [filter.province] : [],
            levels: filter.level ? [filter.level] : [],
            natures: filter.nature ? [filter.nature] : [],
          },
          schoolCodes: selected.map((s) => s.code),
        }),
      `已保存常用查询「${name}」`,
    );
    if (saved) setHistoryName('');
  };

  const rule = selectionRule(min, max);
  const isReady = canConfirm(selected, min);
  const setting = screen.data;

  const filterTags = <T extends string>(
    label: string,
    values: readonly T[] | undefined,
    key: 'province' | 'level' | 'nature',
  ) =>
    values && values.length > 0 ? (
      <div style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">{label}</Typography.Text>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 4 }}>
          {values.map((v) => (
            <Tag.CheckableTag
              key={v}
              checked={filter[key] === v}
              onChange={() => toggleFilter(key, v as never)}
            >
              {v}
            </Tag.CheckableTag>
          ))}
        </div>
      </div>
    ) : null;

  return (
    <Modal
      title={title ?? '选择学校'}
      open={open}
      width={1000}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography.Text type="secondary" data-testid="school-select-rule">
            {rule ? `${rule}，` : ''}已选择 {selected.length} 所
          </Typography.Text>
          <Space>
            <Button onClick={onCancel}>取消</Button>
            <Button type="primary" disabled={!isReady} onClick={() => onOk([...selected])}>
              确定
            </Button>
          </Space>
        </div>
      }
    >
      <div style={{ display: 'flex', gap: 16, alignItems: 'stretch' }}>
        {/* (a) 常用查询 */}
        <section
          aria-label="常用查询"
          style={{ width: 200, flex: 'none', maxHeight: 560, overflowY: 'auto' }}
        >
          {columnTitle(
            '常用查询',
            <Button type="link" size="small" icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
              设置
            </Button>,
          )}
          {histories.data && histories.data.length > 0 ? (
            <div>
              <Typography.Text type="secondary">我的常用查询</Typography.Text>
              {histories.data.map((h) => (
                <div key={h.id} style={{ display: 'flex', alignItems: 'center' }}>
                  <Button
                    type="link"
                    size="small"
                    style={{ flex: 1, justifyContent: 'flex-start', overflow: 'hidden', paddingInline: 0 }}
                    title={`${h.name}（${h.schools.length} 所）`}
                    onClick={() => applyHistory(h)}
                  >
                    <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{h.name}</span>
                  </Button>
                  <Tooltip title="删除">
                    <Button
                      type="text"
                      size="small"
                      aria-label={`删除常用查询${h.name}`}
                      icon={<CloseOutlined />}
                      onClick={() => void run(() => deleteSchoolHistory(h.id), '已删除')}
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

        {/* (b) 高校列表 */}
        <section aria-label="高校列表" style={{ width: SCHOOL_LIST_BOX.width, flex: 'none' }}>
          <div style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder="请输入学校名称"
              aria-label="学校名称"
              maxLength={HISTORY_NAME_MAX}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <Select<string>
              style={{ width: 150, flex: 'none' }}
              aria-label="所在省份"
              value={filter.province ?? ALL_PROVINCES}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(province) => setFilter((now) => ({ ...now, province: province || null }))}
              options={[
                { value: ALL_PROVINCES, label: '全部' },
                ...(options.data?.provinces ?? []).map((p) => ({ value: p.value, label: p.value })),
              ]}
            />
          </div>
          {directory.isLoading ? (
            <div style={{ height: SCHOOL_LIST_BOX.height, display: 'grid', placeItems: 'center' }}>
              <Spin />
            </div>
          ) : shown.length === 0 ? (
            <div style={{ height: SCHOOL_LIST_BOX.height, display: 'grid', placeItems: 'center' }}>
              <Empty description="没有符合条件的学校" />
            </div>
          ) : (
            <SchoolListTable
              schools={shown}
              selectedCodes={selectedCodes}
              isDisabled={isDisabled}
              onToggle={onToggle}
            />
          )}
          <Typography.Text type="secondary" data-testid="school-count">
            共 {shown.length} 所
          </Typography.Text>
        </section>

        {/* (c) 已选学校 */}
        <section
          aria-label="已选学校"
          style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
        >
          {columnTitle(
            `已选学校（${selected.length}）`,
            <Button type="link" size="small" disabled={selected.length === 0} onClick={() => setSelected([])}>
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
                  <span
                    style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
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
                    onClick={() => setSelected((now) => now.filter((x) => x.code !== s.code))}
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
                maxLength={HISTORY_NAME_MAX}
                value={historyName}
                onChange={(event) => setHistoryName(event.target.value)}
              />
              <Button
                disabled={!historyName.trim() || selected.length === 0}
                onClick={() => void saveHistory()}
              >
                保存
              </Button>
            </Space.Compact>
          </div>
        </section>
      </div>
      <SchoolSettingsDialog open={isSettingsOpen} onClose={() => setSettingsOpen(false)} />
    </Modal>
  );
}
