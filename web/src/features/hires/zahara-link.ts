declare const __PLANTED_ZAHARA_DOCUMENT_URL__: string | undefined;

/** Zahara's web app page of a purchase order; `{documentId}` is replaced. */
const DEFAULT_DOCUMENT_URL = 'https://app.myzahara.net/PurchaseOrder/Details/{documentId}';

/**
 * Where a hire card's PO number links (spec §2 Hires: 'PO number with a link to the external
 * document'). The page is Zahara's, outside Planted; VITE_ZAHARA_DOCUMENT_URL at build time
 * points it elsewhere (another Zahara host, a local simulator).
 */
export function zaharaDocumentUrl(documentId: string): string {
  const template =
    typeof __PLANTED_ZAHARA_DOCUMENT_URL__ === 'string' && __PLANTED_ZAHARA_DOCUMENT_URL__
      ? __PLANTED_ZAHARA_DOCUMENT_URL__
      : DEFAULT_DOCUMENT_URL;
  return template.replace('{documentId}', encodeURIComponent(documentId));
}
