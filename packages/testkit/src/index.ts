/**
 * @cashdesk/testkit: the stand-ins for the parties outside the cashier (a PSP speaking the
 * Cashdesk PSP protocol, the asynchronous PSP, the operator's wallet, the operator's messaging
 * service, the operator's webhook endpoint), each a program of its own, and the test support that
 * starts them as child processes and drives their test-control routes. The browser tests, the
 * benchmarks and an operator's own tests use it; the server's production build never includes it.
 *
 * Each stand-in is also available in-process (`create…`: a Fastify app, not listening) for a test
 * that needs no process boundary. The programs and their settings are in this package's README.
 *
 * @packageDocumentation
 */
export { TESTKIT_PROGRAMS, programArgs } from './programs';
export { startServiceProcess } from './service-process';
export type { ServiceProcess, ServiceProcessOptions } from './service-process';

export {
  ActivityAnswer,
  CONTROL_PATHS,
  FAULT_MODES,
  FAULT_OPERATIONS,
  FaultsAnswer,
} from './psp-simulator/control';
export type { ActivityEntry, FaultInput } from './psp-simulator/control';
export { createSimulator } from './psp-simulator/simulator-server';
export type { SimulatorOptions } from './psp-simulator/simulator-server';
export { startSimulatorProcess } from './psp-simulator/simulator-process';
export type { SimulatorProcess, SimulatorProcessOptions } from './psp-simulator/simulator-process';
export {
  simulatorConformanceSubject,
  startNotificationCapture,
} from './psp-simulator/conformance-subject';
export type {
  NotificationCapture,
  SimulatorSubjectOptions,
} from './psp-simulator/conformance-subject';

export {
  ASYNC_CONTROL_PATHS,
  ASYNC_OPERATIONS,
  AsyncActivity,
  DeliveryAnswer,
  FlushAnswer,
} from './async-psp-simulator/control';
export type { AsyncFaultInput, SettleInput } from './async-psp-simulator/control';
export { createAsyncPspSimulator } from './async-psp-simulator/simulator-server';
export type { AsyncPspSimulatorOptions } from './async-psp-simulator/simulator-server';
export {
  TEST_PSP_API_KEY,
  TEST_WEBHOOK_SECRET,
  startAsyncPspProcess,
} from './async-psp-simulator/async-psp-process';
export type { AsyncPspProcess } from './async-psp-simulator/async-psp-process';

export {
  WALLET_CONTROL_PATHS,
  WALLET_FAULT_MODES,
  WalletActivity,
  createWalletSimulator,
} from './wallet-simulator/wallet-simulator';
export type {
  AccountInputData,
  WalletFaultInput,
  WalletSimulatorOptions,
} from './wallet-simulator/wallet-simulator';
export {
  TEST_WALLET_SECRET,
  startWalletSimulatorProcess,
} from './wallet-simulator/wallet-simulator-process';
export type { WalletSimulatorProcess } from './wallet-simulator/wallet-simulator-process';

export {
  MESSAGING_FAULT_MODES,
  MESSAGING_PATHS,
  MessagesAnswer,
  RecordedMessage,
} from './messaging-simulator/control';
export type { MessagingFaultInput } from './messaging-simulator/control';
export { createMessagingSimulator } from './messaging-simulator/messaging-simulator';
export type { MessagingSimulatorOptions } from './messaging-simulator/messaging-simulator';
export { startMessagingSimulator } from './messaging-simulator/messaging-simulator-process';
export type {
  MessagingSimulatorProcess,
  MessagingSimulatorProcessOptions,
} from './messaging-simulator/messaging-simulator-process';

export {
  DeliveriesAnswer,
  Delivery,
  RECEIVER_CONTROL_PATHS,
  RECEIVER_FAULT_MODES,
  WEBHOOK_PATH,
} from './webhook-receiver/control';
export type { ReceiverFaultInput } from './webhook-receiver/control';
export { createReceiver } from './webhook-receiver/receiver-server';
export type { ReceiverOptions } from './webhook-receiver/receiver-server';
export { startReceiverProcess } from './webhook-receiver/receiver-process';
export type { ReceiverProcess } from './webhook-receiver/receiver-process';
