// ISO 6346 container numbers (DOMAIN.md §2.7, §7.3 "Supervise submit"): one implementation, in the
// contract, shared with the shipping's container no (contract/shipping.ts).

export {
  CONTAINER_NO_SHAPE,
  containerCheckDigit,
  isContainerNo,
  normalizeContainerNo,
} from '@qcdesk/contract/iso6346';
