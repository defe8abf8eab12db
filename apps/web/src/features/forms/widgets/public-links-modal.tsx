import type { Form as FormRow, PublicLink } from '@eduqa/contract';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { closePublicLink, createPublicLink, formsKeys, usePublicLinks } from '../api.ts';
import { publicFormUrl } from './public-url.ts';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success('链接已复制');
  } catch {
    notify.error('复制失败，请手动复制链接');
  }
}

/** 公开链接 of a published form: create one with a title and a submission limit, copy, close. */
export function PublicLinksModal({ form, onClose }: { form: FormRow | null; onClose: () => void }) {
  const links = usePublicLinks(form?.id ?? null);
  const run = useAction(formsKeys.links(form?.id ?? ''));
  const [create] = Form.useForm<{ title: string; maxSubmissions: number }>();

  const add = async () => {
    if (!form) return;
    let values: { title: string; maxSubmissions: number };
    try {
      values = await create.validateFields();
    } catch {
      return;
    }
    if (await run(() => createPublicLink(form.id, values), '公开链接已创建')) create.resetFields();
  };

  const columns: TableColumnsType<PublicLink> = [
    { title: '标题', dataIndex: 'title', ellipsis: true },
    {
      title: '提交',
      key: 'count',
      width: 110,
      render: (_, link) => `${link.submissionCount} / ${link.maxSubmissions}`,
    },
    {
      title: '状态',
      dataIndex: 'isClosed',
      width: 80,
      render: (isClosed: boolean) => (isClosed ? <Tag>已关闭</Tag> : <Tag color="green">开放中</Tag>),
    },
    {
      title: '链接',
      key: 'url',
      render: (_, link) => {
        const url = publicFormUrl(window.location, link.id);
        return (
          <Space size={0}>
            <Typography.Text ellipsis style={{ maxWidth: 220 }} title={url}>
              {url}
            </Typography.Text>
            <Button type="link" size="small" onClick={() => void copy(url)}>
              复制
            </Button>
          </Space>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, link) => (
        <ConfirmLink
          title={`确定关闭链接「${link.title}」吗？`}
          description="关闭后外部人员不能再通过该链接填写。"
          okText="关闭"
          isDanger
          disabledReason={link.isClosed ? '链接已关闭' : undefined}
          onConfirm={() => run(() => closePublicLink(link.id), '链接已关闭')}
        >
          关闭
        </ConfirmLink>
      ),
    },
  ];

  return (
    <Modal
      title={`公开链接：${form?.name ?? ''}`}
      open={form !== null}
      onCancel={onClose}
      footer={null}
      width={860}
      destroyOnHidden
    >
      <Form
        form={create}
        layout="inline"
        style={{ marginBottom: 16 }}
        initialValues={{ maxSubmissions: 100 }}
      >
        <Form.Item name="title" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
          <Input placeholder="标题，如：用人单位满意度调查" maxLength={60} style={{ width: 280 }} />
        </Form.Item>
        <Form.Item
          name="maxSubmissions"
          label="最多提交"
          rules={[{ required: true, message: '请输入最多提交份数' }]}
        >
          <InputNumber min={1} max={100000} precision={0} />
        </Form.Item>
        <Button type="primary" onClick={() => void add()}>
          创建链接
        </Button>
      </Form>
      <Table<PublicLink>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={links.data ?? []}
        loading={links.isFetching}
        pagination={false}
        locale={{ emptyText: '尚无公开链接' }}
      />
    </Modal>
  );
}
