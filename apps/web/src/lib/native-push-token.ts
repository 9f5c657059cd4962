/**
 * The native app's device push token (spec 7 'push token delete on logout (native app)'): registered for
 * the signed-in user when the app hands it over, deleted at sign-out.
 */
import { PUSH_TOKEN_ENDPOINTS } from '@commons/contract';
import { PUSH_TOKEN_DELETE_ERROR_MESSAGE } from '@commons/domain';
import { notifications } from '@mantine/notifications';
import { callEndpoint } from './api-client';
import { forgetPushToken, storedPushToken, storePushToken, type TPushTokenMessage } from './native-bridge';

/** Registers the token the native app sent and keeps it to delete at sign-out; a replaced token goes. */
export async function registerNativePushToken(message: TPushTokenMessage): Promise<void> {
  const previous = storedPushToken();
  try {
    await callEndpoint(PUSH_TOKEN_ENDPOINTS.register, {
      body: {
        token: message.token,
        ...(message.platform === undefined ? {} : { platform: message.platform }),
      },
      // Nobody asked for this in the page: a failure is logged, not shown.
      isErrorToastSuppressed: true,
    });
  } catch (error) {
    console.error('[native app] push token registration failed', error);
    return;
  }
  storePushToken(message.token);
  if (previous !== null && previous !== message.token) {
    await callEndpoint(PUSH_TOKEN_ENDPOINTS.delete, {
      body: { token: previous },
      isErrorToastSuppressed: true,
    }).catch((error: unknown) => console.error('[native app] replaced push token not deleted', error));
  }
}

/**
 * At sign-out, while the session still works: deletes this device's push token so its pushes stop. A
 * failure shows the spec 8 message and sign-out goes on.
 */
export async function deleteNativePushToken(): Promise<void> {
  const token = storedPushToken();
  if (token === null) return;
  forgetPushToken();
  try {
    await callEndpoint(PUSH_TOKEN_ENDPOINTS.delete, {
      body: { token },
      isErrorToastSuppressed: true,
      isNotFoundHandled: true,
    });
  } catch (error) {
    console.error('[native app] push token delete failed', error);
    notifications.show({
      id: 'push-token-delete-error',
      color: 'red',
      title: 'Something went wrong',
      message: PUSH_TOKEN_DELETE_ERROR_MESSAGE,
    });
  }
}
