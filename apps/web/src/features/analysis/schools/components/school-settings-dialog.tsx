import {
  SCHOOL_LEVELS,
  SCHOOL_NATURES,
  type SchoolLevel,
  type SchoolNature,
  type SchoolScreenSetting,
} from '@eduqa/contract';
import { Button, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { saveSchoolScreen, schoolKeys, useSchoolOptions, useSchoolScreen } from '../api.ts';

/** How many tags an expandable group shows folded. */
const FOLDED_TAGS = 8;

interface TagGroupProps<T extends string> {
  label: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  isExpandable?: boolean;
}

/** One selector row: a 全部 tag that selects or clears all, then a tag per option; long groups fold. */
function TagGroup<T extends string>({ label, options, value, onChange, isExpandable }: TagGroupProps<T>) {
  const [isExpanded, setExpanded] = useState(false);
  const isAll = options.length > 0 && options.every((o) => value.includes(o));
  const shown = isExpandable && !isExpanded ? options.slice(0, FOLDED_TAGS) : options;
  const toggle = (option: T, checked: boolean) =>
    onChange(
      checked ? options.filter((o) => o === option || value.includes(o)) : value.filter((v) => v !== option),
    );
  return (
    <section style={{ display: 'flex', gap: 12, marginBottom: 16 }} aria-label={label}>
      <Typography.Text strong style={{ width: 72, flex: 'none', lineHeight: '24px' }}>
        {label}
      </Typography.Text>
      <div style={{ flex: 1, display: 'flex', flexWrap: 'wrap', rowGap: 8 }}>
        <Tag.CheckableTag checked={isAll} onChange={(checked) => onChange(checked ? [...options] : [])}>
          全部
        </Tag.CheckableTag>
        {shown.map((option) => (
          <Tag.CheckableTag
            key={option}
            checked={value.includes(option)}
            onChange={(checked) => toggle(option, checked)}
          >
            {option}
          </Tag.CheckableTag>
        ))}
        {isExpandable && options.length > FOLDED_TAGS ? (
          <Button type="link" size="small" onClick={() => setExpanded(!isExpanded)}>
            {isExpanded ? '收起' : `展开（共${options.length}项）`}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

export interface SchoolSettingsDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 设置 (spec 1 §2 piece 3): which levels, natures and provinces the common queries offer. Saving stores
 * them (updateSchoolScreen) and reloads the lists that use them.
 */
export function SchoolSettingsDialog({ open, onClose }: SchoolSettingsDialogProps) {
  const options = useSchoolOptions();
  const screen = useSchoolScreen(open);
  const run = useAction(schoolKeys.screen, schoolKeys.options);
  const [draft, setDraft] = useState<SchoolScreenSetting>({ levels: [], natures: [], provinces: [] });
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    if (open && screen.data) setDraft(screen.data);
  }, [open, screen.data]);

  const levels = SCHOOL_LEVELS.filter((l) => options.data?.levels.some((o) => o.value === l) ?? true);
  const natures = SCHOOL_NATURES.filter((n) => options.data?.natures.some((o) => o.value === n) ?? true);
  const provinces = options.data?.provinces.map((p) => p.value) ?? [];

  const save = async () => {
    setSaving(true);
    const saved = await run(() => saveSchoolScreen(draft), '设置已保存');
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Modal
      title="设置"
      open={open}
      width={640}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={isSaving} onClick={() => void save()}>
            保存
          </Button>
        </Space>
      }
    >
      {screen.isLoading || options.isLoading ? (
        <Spin />
      ) : (
        <>
          <TagGroup<SchoolLevel>
            label="办学层次"
            options={levels}
            value={draft.levels}
            onChange={(value) => setDraft({ ...draft, levels: value })}
          />
          <TagGroup<SchoolNature>
            label="办学性质"
            options={natures}
            value={draft.natures}
            onChange={(value) => setDraft({ ...draft, natures: value })}
            isExpandable
          />
          <TagGroup<string>
            label="所在省份"
            options={provinces}
            value={draft.provinces}
            onChange={(value) => setDraft({ ...draft, provinces: value })}
            isExpandable
          />
        </>
      )}
    </Modal>
  );
}
