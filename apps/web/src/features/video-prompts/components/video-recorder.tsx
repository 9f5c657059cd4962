import { VIDEO_PROMPT_LIMITS } from '@commons/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { cameraErrorText, capturePosterFrame, pickVideoMimeType } from './poster-frame';

type TState =
  | { step: 'idle' }
  | { step: 'preview'; stream: MediaStream }
  | { step: 'recording'; stream: MediaStream; recorder: MediaRecorder; startedAt: number }
  | { step: 'recorded'; blob: Blob; url: string; poster: string | null };

/**
 * Records a video answer in the browser (MediaRecorder): the camera's preview, Start and Stop recording (it stops
 * by itself after a minute), then the recording to watch, with its first frame captured on a canvas as the poster.
 * `onRecorded` hands the recording and poster to the form, which saves them.
 */
export function VideoRecorder(props: {
  onRecorded: (recording: { blob: Blob; poster: string | null } | null) => void;
}) {
  const [state, setState] = useState<TState>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [seconds, setSeconds] = useState(0);
  const liveRef = useRef<HTMLVideoElement>(null);
  const { onRecorded } = props;

  const stream = state.step === 'preview' || state.step === 'recording' ? state.stream : null;
  useEffect(() => {
    if (liveRef.current !== null) liveRef.current.srcObject = stream;
  }, [stream]);
  // The camera is let go when the recorder leaves the page.
  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);
  const recordedUrl = state.step === 'recorded' ? state.url : null;
  useEffect(() => () => (recordedUrl === null ? undefined : URL.revokeObjectURL(recordedUrl)), [recordedUrl]);
  useEffect(() => {
    if (state.step !== 'recording') return undefined;
    const timer = window.setInterval(() => {
      const elapsed = Math.floor((Date.now() - state.startedAt) / 1000);
      setSeconds(elapsed);
      if (elapsed >= VIDEO_PROMPT_LIMITS.recordingMaxSeconds && state.recorder.state === 'recording')
        state.recorder.stop();
    }, 500);
    return () => window.clearInterval(timer);
  }, [state]);

  const handleStartCamera = async () => {
    setError(null);
    if (typeof MediaRecorder === 'undefined' || typeof navigator.mediaDevices?.getUserMedia !== 'function') {
      setError(cameraErrorText(null));
      return;
    }
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { width: 640, height: 360 },
        audio: true,
      });
      setState({ step: 'preview', stream: media });
    } catch (failure) {
      setError(cameraErrorText(failure));
    }
  };

  const handleStartRecording = () => {
    if (state.step !== 'preview') return;
    const mimeType = pickVideoMimeType((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(
      state.stream,
      mimeType === '' ? { videoBitsPerSecond: 1_000_000 } : { mimeType, videoBitsPerSecond: 1_000_000 },
    );
    const chunks: Blob[] = [];
    const live = liveRef.current;
    let poster: string | null = null;
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
      // The poster is the frame on screen when the first data arrives.
      if (poster === null && live !== null) poster = capturePosterFrame(live);
    });
    recorder.addEventListener('stop', () => {
      const blob = new Blob(chunks, { type: recorder.mimeType || 'video/webm' });
      if (poster === null && live !== null) poster = capturePosterFrame(live);
      state.stream.getTracks().forEach((track) => track.stop());
      setState({ step: 'recorded', blob, url: URL.createObjectURL(blob), poster });
      onRecorded({ blob, poster });
    });
    recorder.start(1000);
    setSeconds(0);
    setState({ step: 'recording', stream: state.stream, recorder, startedAt: Date.now() });
  };

  const handleStop = () => {
    if (state.step === 'recording' && state.recorder.state === 'recording') state.recorder.stop();
  };

  const handleDiscard = () => {
    onRecorded(null);
    setState({ step: 'idle' });
  };

  return (
    <Stack gap="sm">
      {state.step === 'preview' || state.step === 'recording' ? (
        <video
          ref={liveRef}
          autoPlay
          muted
          playsInline
          aria-label="Camera preview"
          style={{ width: '100%', maxWidth: 640, borderRadius: 8, background: '#000' }}
        />
      ) : null}
      {state.step === 'recorded' ? (
        <video
          src={state.url}
          controls
          playsInline
          aria-label="Your recording"
          style={{ width: '100%', maxWidth: 640, borderRadius: 8, background: '#000' }}
        />
      ) : null}
      <Group gap="sm">
        {state.step === 'idle' ? (
          <Button onClick={() => void handleStartCamera()}>Turn on the camera</Button>
        ) : null}
        {state.step === 'preview' ? <Button onClick={handleStartRecording}>Start recording</Button> : null}
        {state.step === 'recording' ? (
          <>
            <Button color="red.9" onClick={handleStop}>
              Stop recording
            </Button>
            <Text size="sm" aria-live="polite">
              Recording {seconds} s of {VIDEO_PROMPT_LIMITS.recordingMaxSeconds} s
            </Text>
          </>
        ) : null}
        {state.step === 'recorded' ? (
          <Button variant="default" onClick={handleDiscard}>
            Record again
          </Button>
        ) : null}
      </Group>
      {error === null ? null : (
        <Alert color="red" variant="outline" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
