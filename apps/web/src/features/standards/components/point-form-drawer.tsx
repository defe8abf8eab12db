import { gradesFor, type ObjectLevel, type QualityPoint } from '@eduqa/contract';
import { Button, Drawer, Form, Space } from 'antd';
import { RecentChangesSection } from '../../audit/index.ts';
import { type PointFormValues, pointFormValuesOf, valueChoices } from '../point-form.ts';
import { BasicSection } from './point-form/basic-section.tsx';
import { CalculationSection } from './point-form/calculation-section.tsx';
import { SamplingSection } from './point-form/sampling-section.tsx';
import { usePointSubmit } from './point-form/use-point-submit.ts';
import { WarningSection } from './point-form/warning-section.tsx';

/** 新增/编辑质控点: every option of spec 1 §3 in grouped sections, checked by the server's own rules. */
export function PointFormDrawer({
  open,
  point,
  indicator,
  level,
  readOnly = false,
  onClose,
}: {
  open: boolean;
  point: QualityPoint | null;
  /** The leaf indicator a new point goes under (an edited point keeps its own). */
  indicator: { id: string; name: string } | null;
  level: ObjectLevel;
  /** Show the configuration without saving (a reader without `standards.manage`). */
  readOnly?: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<PointFormValues>();
  const { submit, isSubmitting } = usePointSubmit({ form, point, indicatorId: indicator?.id, onClose });
  const dataType = Form.useWatch('dataType', form);
  const calcMode = Form.useWatch('calcMode', form);
  const warningMode = Form.useWatch('warningMode', form);
  const standardValue = Form.useWatch('standardValue', form);

  const values = {
    choices: valueChoices(dataType ?? 'percent', calcMode ?? 'result'),
    suffix: dataType === 'percent' && calcMode !== 'level' ? '%' : undefined,
  };

  return (
    <Drawer
      title={
        point
          ? `${readOnly ? '查看' : '编辑'}质控点「${point.name}」`
          : `新增质控点${indicator ? `（${indicator.name}）` : ''}`
      }
      open={open}
      size={760}
      onClose={() => {
        if (!isSubmitting) onClose();
      }}
      destroyOnHidden
      mask={{ closable: false }}
      extra={
        readOnly ? null : (
          <Space>
            <Button onClick={onClose} disabled={isSubmitting}>
              取消
            </Button>
            <Button type="primary" loading={isSubmitting} onClick={() => void submit()}>
              确定
            </Button>
          </Space>
        )
      }
    >
      <Form<PointFormValues>
        form={form}
        name="pointForm"
        layout="vertical"
        disabled={isSubmitting || readOnly}
        initialValues={pointFormValuesOf(point, level)}
        clearOnDestroy
      >
        <BasicSection />
        <CalculationSection
          pointId={point?.id ?? null}
          dataType={dataType}
          isLevelMode={calcMode === 'level'}
          allowedGrades={gradesFor(dataType ?? 'percent', calcMode ?? 'result')}
          standardValue={standardValue}
          values={values}
        />
        <WarningSection warningMode={warningMode} values={values} />
        <SamplingSection />
      </Form>
      {point ? <RecentChangesSection objectId={point.id} objectName={`质控点「${point.name}」`} /> : null}
    </Drawer>
  );
}
