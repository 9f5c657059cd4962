import { useEffect } from 'react';
import { isNativeApp, listenToNativeApp, requestNativePermissionsOnce } from './native-bridge';
import { registerNativePushToken } from './native-push-token';

/**
 * Inside the native app, once a user is signed in: listens for the device push token and asks the app for
 * its permissions (spec 7 REQUEST_PERMISSIONS), which makes it answer with the token. No-op in a browser.
 */
export function useNativeAppSession(userId: string | null): void {
  useEffect(() => {
    if (userId === null || !isNativeApp()) return;
    // Listening first: the app may answer at once.
    const stopListening = listenToNativeApp({
      onPushToken: (message) => void registerNativePushToken(message),
    });
    requestNativePermissionsOnce(userId);
    return stopListening;
  }, [userId]);
}
