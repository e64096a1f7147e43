import { create } from 'zustand';

/**
 * Who else opens the header's basket: a buy button adds its product and opens it. The header keeps its
 * own button state; the modal is open when either says so.
 */
export const useBasketStore = create<{ opened: boolean }>(() => ({ opened: false }));
export const openBasket = () => useBasketStore.setState({ opened: true });
export const closeBasket = () => useBasketStore.setState({ opened: false });
