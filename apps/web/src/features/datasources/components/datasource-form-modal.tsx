import {
  DATA_SOURCE_KIND_LABELS,
  DATA_SOURCE_KINDS,
  type DataSourceWire,
  TEXT_LIMITS,
} from '@eduqa/contract';
import { Alert, Button, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { RecentChangesSection } from '../../audit/index.ts';
import { datasourceKeys, saveDataSource, testDataSource } from '../api.ts';
import {
  type DataSourceValues,
  initialValues,
  isMasked,
  portAfterKindChange,
  toBody,
} from '../datasource-form.ts';

const KIND_OPTIONS = DATA_SOURCE_KINDS.map((kind) => ({ value: kind, label: DATA_SOURCE_KIND_LABELS[kind] }));

/** 测试连接: checks the fields, asks the server, shows its Chinese answer under the form. */
function TestConnection({ sourceId }: { sourceId: string | undefined }) {
  const form = Form.useFormInstance<DataSourceValues>();
  const [isTesting, setTesting] = useState(false);
  const [answer, setAnswer] = useState<{ success: boolean; message: string } | null>(null);

  const run = async () => {
    let values: DataSourceValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setTesting(true);
    setAnswer(null);
    try {
      setAnswer(await testDataSource({ ...toBody(values), ...(sourceId ? { id: sourceId } : {}) }));
    } catch {
      // The api client has shown the refusal.
    } finally {
      setTesting(false);
    }
  };

  return (
    <Form.Item wrapperCol={{ offset: 6, span: 16 }} style={{ marginBottom: 0 }}>
      <Button onClick={run} loading={isTesting}>
        测试连接
      </Button>
      {answer ? (
        <Alert
          style={{ marginTop: 12 }}
          type={answer.success ? 'success' : 'error'}
          showIcon
          message={answer.message}
          data-testid="datasource-test-answer"
        />
      ) : null}
    </Form.Item>
  );
}

/** 新增/编辑数据源: the password is never shown; the mask stands for the stored one. */
export function DataSourceFormModal({
  open,
  source,
  onClose,
}: {
  open: boolean;
  source: DataSourceWire | null;
  onClose: () => void;
}) {
  const run = useAction(datasourceKeys.all);
  const save = async (values: DataSourceValues) => {
    const saved = await run(
      () => saveDataSource(toBody(values), source?.id),
      source ? '数据源已保存' : '数据源已新增',
    );
    // A refusal keeps the dialog open with what was typed (the client has shown the message).
    if (!saved) throw new Error('refused');
  };

  return (
    <FormModal<DataSourceValues>
      title={source ? '编辑数据源' : '新增数据源'}
      open={open}
      onClose={onClose}
      onSubmit={save}
      name="dataSourceForm"
      initialValues={initialValues(source)}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
    >
      <Form.Item
        name="name"
        label="数据源名称"
        rules={[
          { required: true, whitespace: true, message: '请输入数据源名称' },
          { max: TEXT_LIMITS.default, message: `数据源名称最多只能输入${TEXT_LIMITS.default}个字符` },
        ]}
      >
        <Input placeholder="如：教务系统库" maxLength={TEXT_LIMITS.default} />
      </Form.Item>
      <Form.Item name="type" label="数据源类型" rules={[{ required: true, message: '请选择数据源类型' }]}>
        <KindSelect />
      </Form.Item>
      <Form.Item noStyle dependencies={['type']}>
        {({ getFieldValue }) =>
          getFieldValue('type') === 'builtin' ? null : (
            <ConnectionFields hasStored={isMasked(source?.password)} />
          )
        }
      </Form.Item>
      <Form.Item name="defaultsStatus" label="默认" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="hideStatus" label="隐藏" valuePropName="checked">
        <Switch />
      </Form.Item>
      <TestConnection sourceId={source?.id} />
      {source ? <RecentChangesSection objectId={source.id} objectName={`数据源「${source.name}」`} /> : null}
    </FormModal>
  );
}

/** The kind select, moving the port along with the kind. */
function KindSelect(props: {
  value?: DataSourceValues['type'];
  onChange?: (value: DataSourceValues['type']) => void;
}) {
  const form = Form.useFormInstance<DataSourceValues>();
  return (
    <Select
      options={KIND_OPTIONS}
      value={props.value}
      onChange={(kind) => {
        props.onChange?.(kind);
        form.setFieldValue('port', portAfterKindChange(form.getFieldValue('port'), kind));
      }}
    />
  );
}

function ConnectionFields({ hasStored }: { hasStored: boolean }) {
  return (
    <>
      <Form.Item
        name="host"
        label="主机地址"
        rules={[{ required: true, whitespace: true, message: '请输入主机地址' }]}
      >
        <Input placeholder="如：10.0.0.12 或 db.school.edu.cn" maxLength={255} />
      </Form.Item>
      <Form.Item name="port" label="端口" rules={[{ required: true, message: '请输入端口' }]}>
        <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="databaseName"
        label="数据库名"
        rules={[{ required: true, whitespace: true, message: '请输入数据库名' }]}
      >
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item
        name="username"
        label="用户名"
        rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
      >
        <Input maxLength={128} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label="密码"
        extra={hasStored ? '不修改密码时保持不变；修改主机、端口或用户名时需重新输入' : undefined}
      >
        <Input.Password maxLength={256} autoComplete="new-password" visibilityToggle={false} />
      </Form.Item>
    </>
  );
}
