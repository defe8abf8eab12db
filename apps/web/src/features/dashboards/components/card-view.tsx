import type { DashboardCard } from '@eduqa/contract';
import { useCardData } from '../api.ts';
import { CardEmpty, CardError, CardLoading } from './card-states.tsx';
import { IframeViewer } from './iframe-viewer.tsx';
import { MeasureView } from './measure-view.tsx';

/** A card's content: the iframe viewer for an address, else its data in the card's kind. */
export function CardView({ card, height }: { card: DashboardCard; height: number }) {
  if (card.kind === 'iframe' || card.source === 'url')
    return <IframeViewer url={card.url} title={card.name} height={height} />;
  return <CardData card={card} height={height} />;
}

function CardData({ card, height }: { card: DashboardCard; height: number }) {
  const data = useCardData(card);
  if (data.isPending) return <CardLoading />;
  if (data.isError) return <CardError message={data.error.message} onRetry={() => void data.refetch()} />;
  if (!data.data) return <CardEmpty />;
  return (
    <MeasureView kind={card.kind === 'iframe' ? 'table' : card.kind} measure={data.data} height={height} />
  );
}
