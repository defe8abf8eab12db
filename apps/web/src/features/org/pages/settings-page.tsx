import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { LOGO_MAX_KB, type SystemSettingWire, TEXT_LIMITS } from '@eduqa/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Flex,
  Form,
  Input,
  Progress,
  Select,
  Skeleton,
  Switch,
  Typography,
  Upload,
} from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { SYSTEM_SETTING_QUERY_KEY } from '../../../shell/layout/use-system-setting.ts';
import { mergeUser, tryLogin } from '../../../shell/session/index.ts';
import { NoticeDeliverySection } from '../../notices/index.ts';
import {
  saveAnnualTargetBreakdown,
  saveSystemName,
  saveTimeZone,
  systemKeys,
  uploadLogo,
  useSettingDetail,
} from '../api.ts';
import { LOGO_ACCEPT, logoFileProblem } from '../logo-file.ts';
import { timeZoneOptions } from '../time-zone-options.ts';
import { SsoSettingsCard } from './sso-settings-card.tsx';

/** Both copies of the setting, the header's and this page's, take the server's answer at once. */
function useStoreSetting() {
  const queryClient = useQueryClient();
  return (setting: SystemSettingWire) => {
    queryClient.setQueryData(SYSTEM_SETTING_QUERY_KEY, setting);
    queryClient.setQueryData(systemKeys.setting, setting);
  };
}

function NameForm({ systemName }: { systemName: string }) {
  const [form] = Form.useForm<{ systemName: string }>();
  const [isSaving, setSaving] = useState(false);
  const store = useStoreSetting();

  const submit = async (values: { systemName: string }) => {
    setSaving(true);
    try {
      store(await saveSystemName(values.systemName.trim()));
      notify.success('系统名称已保存');
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      name="systemNameForm"
      form={form}
      layout="vertical"
      initialValues={{ systemName }}
      onFinish={(values) => void submit(values)}
      disabled={isSaving}
      style={{ maxWidth: 480 }}
    >
      <Form.Item
        name="systemName"
        label="系统名称"
        extra="显示在登录页、页面顶部和浏览器标题中"
        rules={[
          { required: true, whitespace: true, message: '请输入系统名称' },
          { max: TEXT_LIMITS.default, message: `系统名称最多只能输入${TEXT_LIMITS.default}个字符` },
        ]}
      >
        <Input placeholder="请输入系统名称" maxLength={TEXT_LIMITS.default} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isSaving}>
        保存
      </Button>
    </Form>
  );
}

function LogoUpload({ logoUrl }: { logoUrl: string | null }) {
  const [percent, setPercent] = useState<number | null>(null);
  const store = useStoreSetting();

  const send = async (file: File) => {
    const problem = logoFileProblem(file);
    if (problem) {
      notify.error(problem);
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setPercent(0);
    try {
      store(await uploadLogo(form, setPercent));
      notify.success('系统图标已更新');
    } catch {
      // The client has shown the server's message.
    } finally {
      setPercent(null);
    }
  };

  return (
    <Flex gap={24} align="flex-start" wrap>
      <div
        style={{
          width: 240,
          height: 96,
          border: '1px dashed #d9d9d9',
          borderRadius: 8,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          // The header is blue: show the logo on the same colour to judge its contrast.
          background: 'rgb(57,126,240)',
        }}
      >
        {logoUrl ? (
          <img src={logoUrl} alt="当前系统图标" style={{ maxWidth: 220, maxHeight: 72 }} />
        ) : (
          // Large text: white on the spec's blue reads at 3.9:1, enough from 19 px bold (WCAG AA).
          <Typography.Text style={{ color: '#fff', fontSize: 19, fontWeight: 700 }}>
            <PictureOutlined /> 未设置图标
          </Typography.Text>
        )}
      </div>
      <Flex vertical gap={8} style={{ minWidth: 240 }}>
        <Upload
          accept={LOGO_ACCEPT}
          showUploadList={false}
          disabled={percent !== null}
          beforeUpload={(file) => {
            void send(file);
            // The file is sent by `send`, with the client's CSRF token and error handling.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={percent !== null}>
            {logoUrl ? '更换图标' : '上传图标'}
          </Button>
        </Upload>
        <Typography.Text type="secondary">
          支持 png、jpg、gif、bmp、webp，不超过{LOGO_MAX_KB / 1024}MB，建议高度 32 像素以上的透明背景图片
        </Typography.Text>
        {percent !== null ? (
          <Progress aria-label="处理进度" percent={percent} size="small" style={{ maxWidth: 320 }} />
        ) : null}
      </Flex>
    </Flex>
  );
}

/**
 * 功能开关: 年度目标分解 (/newTaskManagement). The server drops the menu key from every session while it is
 * off; the administrator's session is restored at once so their own top menu follows.
 */
function FeatureFlags({ isOn }: { isOn: boolean }) {
  const [isSaving, setSaving] = useState(false);
  const store = useStoreSetting();
  const change = async (next: boolean) => {
    setSaving(true);
    try {
      store(await saveAnnualTargetBreakdown(next));
      notify.success(next ? '已开启年度目标分解' : '已关闭年度目标分解');
      // The administrator's own menus follow at once; other users' at their next sign-in or new window.
      await tryLogin();
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Flex gap={12} align="center" wrap>
      <Switch
        checked={isOn}
        loading={isSaving}
        onChange={(next) => void change(next)}
        checkedChildren="开"
        unCheckedChildren="关"
        aria-label="年度目标分解"
      />
      <Typography.Text>年度目标分解</Typography.Text>
      <Typography.Text type="secondary">
        关闭后所有用户的顶部菜单不再显示该功能，相应接口拒绝访问（其他用户重新登录后菜单随之变化）
      </Typography.Text>
    </Flex>
  );
}

/**
 * 时区: the clock of every time shown or exported and of every day or month counted. The administrator's
 * screens follow at once (the lists the server formatted are asked again); others' at their next sign-in.
 */
function TimeZoneForm({ timeZone }: { timeZone: string }) {
  const [value, setValue] = useState(timeZone);
  const [isSaving, setSaving] = useState(false);
  const store = useStoreSetting();
  const queryClient = useQueryClient();
  const options = useMemo(() => timeZoneOptions(timeZone), [timeZone]);

  const submit = async () => {
    setSaving(true);
    try {
      const saved = await saveTimeZone(value);
      store(saved);
      mergeUser({ timeZone: saved.timeZone });
      await queryClient.invalidateQueries();
      notify.success('时区已保存');
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={12} style={{ maxWidth: 480 }}>
      <Select
        showSearch
        aria-label="时区"
        value={value}
        onChange={setValue}
        options={options}
        optionFilterProp="label"
        disabled={isSaving}
      />
      <Typography.Text type="secondary">
        页面与导出文件中的时间、按天和按月的统计都按此时区计算（其他用户重新登录后生效）
      </Typography.Text>
      <div>
        <Button type="primary" onClick={() => void submit()} loading={isSaving} disabled={value === timeZone}>
          保存
        </Button>
      </div>
    </Flex>
  );
}

/** 系统设置: the system name and the logo, shown on the login page and in the header. */
export default function SettingsPage() {
  const { data, isLoading } = useSettingDetail();
  return (
    <PageCard title="系统设置">
      <Flex vertical gap={16}>
        <Card type="inner" title="系统名称">
          {isLoading || !data ? (
            <Skeleton active paragraph={{ rows: 1 }} />
          ) : (
            <NameForm systemName={data.systemName} />
          )}
        </Card>
        <Card type="inner" title="系统图标">
          {isLoading ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : (
            <LogoUpload logoUrl={data?.logoAttachment?.url ?? null} />
          )}
        </Card>
        <Card type="inner" title="时区">
          {isLoading || !data ? (
            <Skeleton active paragraph={{ rows: 1 }} />
          ) : (
            <TimeZoneForm timeZone={data.timeZone} />
          )}
        </Card>
        <Card type="inner" title="功能开关">
          {isLoading || !data ? (
            <Skeleton active paragraph={{ rows: 1 }} />
          ) : (
            <FeatureFlags isOn={data.annualTargetBreakdown} />
          )}
        </Card>
        <Card type="inner" title="统一身份认证">
          <SsoSettingsCard />
        </Card>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <NoticeDeliverySection />
        </Suspense>
      </Flex>
    </PageCard>
  );
}
