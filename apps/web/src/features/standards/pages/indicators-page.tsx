import type { IndicatorCategory } from '@eduqa/contract';
import { Col, Row } from 'antd';
import { useIsPhone } from '../../../shared/ui/responsive.ts';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { useCanManage } from '../api.ts';
import { CategoryFormModal } from '../components/category-form-modal.tsx';
import { CategoryListCard } from '../components/category-list-card.tsx';
import { type IndicatorDialogTarget, IndicatorNameModal } from '../components/indicator-name-modal.tsx';
import { IndicatorTreeCard } from '../components/indicator-tree-card.tsx';
import { PointListCard } from '../components/point-list-card.tsx';
import { useIndicatorSelection } from '../use-indicator-selection.ts';

/** 指标体系: categories and the indicator tree on the left, the selected indicator's points on the right. */
export default function IndicatorsPage() {
  const canManage = useCanManage();
  const selection = useIndicatorSelection();
  const { categories, category, tree, pickCategory } = selection;
  const categoryDialog = useDialog<IndicatorCategory>();
  const indicatorDialog = useDialog<IndicatorDialogTarget>();

  const isPhone = useIsPhone();
  return (
    // Side by side on a desk; on a phone the list of kinds comes first, full width, and the rest below it.
    <Row gutter={[16, 16]} wrap={isPhone} style={{ alignItems: 'flex-start' }}>
      <Col flex={isPhone ? '100%' : '300px'} style={{ minWidth: 0 }}>
        <CategoryListCard
          categories={categories.data ?? []}
          isLoading={categories.isLoading}
          current={category}
          canManage={canManage}
          onPick={pickCategory}
          onEdit={(c) => categoryDialog.show(c)}
        />
        <IndicatorTreeCard
          category={category}
          roots={tree.data}
          isLoading={tree.isLoading}
          places={selection.places}
          indicatorId={selection.indicatorId}
          canManage={canManage}
          onPick={selection.pickIndicator}
          onEdit={indicatorDialog.show}
        />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <PointListCard selection={selection} canManage={canManage} />
      </Col>
      <CategoryFormModal
        open={categoryDialog.open}
        category={categoryDialog.target}
        onClose={categoryDialog.hide}
        onSaved={(saved) => pickCategory(saved.id)}
      />
      <IndicatorNameModal
        open={indicatorDialog.open}
        target={indicatorDialog.target}
        onClose={indicatorDialog.hide}
      />
    </Row>
  );
}
