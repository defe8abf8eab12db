import type { PeerSchool } from '@eduqa/contract';
import { Button, Modal, Space, Typography } from 'antd';
import {
  deleteSchoolHistory,
  useSchoolDirectory,
  useSchoolHistories,
  useSchoolOptions,
  useSchoolScreen,
} from '../api.ts';
import { canConfirm, selectionRule } from '../school-selection.ts';
import { ChosenSchoolsSection } from './chosen-schools-section.tsx';
import { CommonQueriesSection } from './common-queries-section.tsx';
import { SchoolListSection } from './school-list-section.tsx';
import { SchoolSettingsDialog } from './school-settings-dialog.tsx';
import { useSchoolChoice } from './use-school-choice.ts';

export interface SchoolSelectModalProps {
  open: boolean;
  value: readonly PeerSchool[];
  /** footer: 至少选择 {min} 所 */
  min?: number;
  /** footer: 最多选择 {max} 所; at max further checkboxes are disabled */
  max?: number;
  title?: string;
  /**
   * The schools with data for what the caller analyses (its indicators and years): listed first and tagged
   * 有数据, so that of the 3,000-odd schools the few with values are found. `scope` says what "data" means.
   */
  withData?: { codes: ReadonlySet<string>; scope: string };
  onCancel: () => void;
  onOk: (schools: PeerSchool[]) => void;
}

const HISTORY_NAME_MAX = 60;

/**
 * 选择学校 (spec 1 §2 piece 2): (a) common queries — the saved selections and the setting's levels,
 * natures and provinces as filters, with 设置; (b) the whole directory, searched by name (debounced
 * 300 ms) and filtered by province, in a windowed list; (c) the chosen schools, each removable, 取消选择,
 * and 保存为常用查询. 确定 needs the minimum; at the maximum the other checkboxes are disabled.
 */
export function SchoolSelectModal(props: SchoolSelectModalProps) {
  const { open, value, min, max, title, withData, onCancel, onOk } = props;
  const directory = useSchoolDirectory(open);
  const options = useSchoolOptions();
  const screen = useSchoolScreen(open);
  const histories = useSchoolHistories(open);

  const choice = useSchoolChoice({ open, value, max, directory: directory.data, withData: withData?.codes });
  const { run, selected, setSelected, filter, setFilter, historyName, setHistoryName, shown } = choice;

  const rule = selectionRule(min, max);
  const isReady = canConfirm(selected, min);

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
        <CommonQueriesSection
          histories={histories.data}
          setting={screen.data}
          filter={filter}
          onToggleFilter={choice.toggleFilter}
          onApplyHistory={choice.applyHistory}
          onDeleteHistory={(h) => void run(() => deleteSchoolHistory(h.id), '已删除')}
          onOpenSettings={() => choice.setSettingsOpen(true)}
        />

        <SchoolListSection
          shown={shown}
          isLoading={directory.isLoading}
          typed={choice.typed}
          keywordMax={HISTORY_NAME_MAX}
          province={filter.province}
          provinces={options.data?.provinces ?? []}
          onTypedChange={choice.setTyped}
          onProvinceChange={(province) => setFilter((now) => ({ ...now, province }))}
          withData={withData}
          selectedCodes={choice.selectedCodes}
          isDisabled={choice.isDisabled}
          onToggle={choice.onToggle}
        />

        <ChosenSchoolsSection
          selected={selected}
          historyName={historyName}
          historyNameMax={HISTORY_NAME_MAX}
          onRemove={(code) => setSelected((now) => now.filter((x) => x.code !== code))}
          onClear={() => setSelected([])}
          onHistoryNameChange={setHistoryName}
          onSaveHistory={() => void choice.saveHistory()}
        />
      </div>
      <SchoolSettingsDialog open={choice.isSettingsOpen} onClose={() => choice.setSettingsOpen(false)} />
    </Modal>
  );
}
