import type { AlgorithmGroup } from '@eduqa/contract';
import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { algorithmKeys, saveGroup, usePointOptions, useSourceOptions } from '../api.ts';

interface GroupValues {
  name: string;
  dataSourceId: string;
  description?: string;
  pointIds?: string[];
}

/** 质控点: a searchable multi-select fed by the server (a standard has hundreds of points). */
function PointSelect(props: { value?: string[]; onChange?: (value: string[]) => void; id?: string }) {
  const [keyword, setKeyword] = useState('');
  const points = usePointOptions(keyword, props.value ?? []);
  return (
    <Select
      id={props.id}
      mode="multiple"
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      placeholder="搜索质控点名称或代码（可多选）"
      options={points.options}
      loading={points.isLoading}
      notFoundContent={points.isLoading ? '加载中…' : '暂无质控点'}
      value={props.value}
      onChange={props.onChange}
    />
  );
}

/** 新增/编辑算法组: a named computation in the selected folder, reading one data source. */
export function GroupFormModal({
  open,
  group,
  folderId,
  onClose,
}: {
  open: boolean;
  group: AlgorithmGroup | null;
  folderId: string | null;
  onClose: () => void;
}) {
  const run = useAction(algorithmKeys.all);
  const sources = useSourceOptions();
  return (
    <FormModal<GroupValues>
      title={group ? '编辑算法组' : '新增算法组'}
      open={open}
      onClose={onClose}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
      initialValues={{
        name: group?.name ?? '',
        dataSourceId: group?.dataSourceId ?? sources.data?.[0]?.value,
        description: group?.description ?? '',
        pointIds: group?.pointIds ?? [],
      }}
      onSubmit={async (values) => {
        const body = {
          ...values,
          folderId: group?.folderId ?? folderId ?? '',
          pointIds: values.pointIds ?? [],
        };
        const ok = await run(() => saveGroup(body, group?.id), group ? '算法组已保存' : '算法组已新增');
        if (!ok) throw new Error('refused');
      }}
    >
      <Form.Item
        name="name"
        label="算法组名称"
        rules={[
          { required: true, whitespace: true, message: '请输入算法组名称' },
          { max: 60, message: '算法组名称最多只能输入60个字符' },
        ]}
      >
        <Input placeholder="如：课程平均成绩" maxLength={60} />
      </Form.Item>
      <Form.Item name="dataSourceId" label="数据源" rules={[{ required: true, message: '请选择数据源' }]}>
        <Select placeholder="请选择数据源" options={sources.data ?? []} loading={sources.isLoading} />
      </Form.Item>
      <Form.Item name="pointIds" label="质控点">
        <PointSelect />
      </Form.Item>
      <Form.Item name="description" label="说明" rules={[{ max: 200, message: '说明最多只能输入200个字符' }]}>
        <Input.TextArea rows={3} maxLength={200} placeholder="算法组计算什么" />
      </Form.Item>
    </FormModal>
  );
}
