/**
 * Tells people why a cart or a selection refused an item (lib/carts.ts): the server's E_CART_ORDER /
 * E_CART_CLIENT_DEPT texts for the carts, the widgets' texts for the same-department/client/factory
 * rules of a selection, each as a toast.
 *
 * const feedback = useCartFeedback(); feedback.cart(inspectionApplyCart.add(item)) → whether it was added
 */
import { formatMessage } from '@qcdesk/contract/messages';
import type { CartResult, SelectionRefusal, SelectionResult } from '../lib/carts';
import { toast } from './toast';
import { useWidgetsTranslation, type WidgetsT } from './widgets-i18n';

export function selectionRefusalText(reason: SelectionRefusal, t: WidgetsT): string {
  switch (reason) {
    case 'department':
      return t('widgets.selection.department');
    case 'client':
      return t('widgets.selection.client');
    case 'factory':
      return t('widgets.selection.factory');
  }
}

export function useCartFeedback() {
  const { t, language } = useWidgetsTranslation();
  return {
    cart<T>(result: CartResult<T>): boolean {
      if (!result.ok) toast.warning(formatMessage(result.reason, language), { key: `cart:${result.reason}` });
      return result.ok;
    },
    selection<T>(result: SelectionResult<T>): boolean {
      if (!result.ok)
        toast.warning(selectionRefusalText(result.reason, t), { key: `selection:${result.reason}` });
      return result.ok;
    },
  };
}
