import type { NoticeCategory } from '@eduqa/contract';
import { Alert, Checkbox, Form, Skeleton, Switch } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { deliveryKeys, saveNoticePreferences, useNoticePreferences } from './api.ts';
import { CATEGORY_OPTIONS } from './category-options.ts';

interface Values {
  emailCategories: NoticeCategory[];
  digest: boolean;
}

/**
 * 消息设置: which messages also come by e-mail, one by one or as one digest a day. Without an e-mail address in
 * 个人信息 nothing can be sent, and the dialog says so.
 */
export function NoticePreferencesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data, isLoading } = useNoticePreferences();
  const act = useAction(deliveryKeys.all);
  return (
    <FormModal<Values>
      // Mounted again once the settings arrive: a form takes its initial values when it mounts.
      key={data ? 'loaded' : 'loading'}
      title="消息设置"
      open={open}
      onClose={onClose}
      name="noticePreferencesForm"
      layout="vertical"
      initialValues={data ? { emailCategories: data.emailCategories, digest: data.digest } : undefined}
      onSubmit={async (values) => {
        const saved = await act(
          () =>
            saveNoticePreferences({
              emailCategories: values.emailCategories,
              digest: values.digest,
            }),
          '消息设置已保存',
        );
        if (!saved) throw new Error('not saved');
        onClose();
      }}
    >
      {isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          {data.email ? (
            <p>邮件将发送到 {data.email}（在「个人信息」中修改）。</p>
          ) : (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message="尚未填写邮箱：请先在「个人信息」中填写，才能收到邮件。"
            />
          )}
          {data.isDefault ? <p>当前沿用管理员的默认设置。</p> : null}
          <Form.Item name="emailCategories" label="以下消息同时发送邮件">
            <Checkbox.Group options={CATEGORY_OPTIONS} />
          </Form.Item>
          <Form.Item name="digest" label="每天汇总为一封邮件（上午 8 点后发送）" valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
