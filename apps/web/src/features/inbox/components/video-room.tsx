import type { TRealtimeServerMessage, TThread } from '@commons/contract';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { realtime } from '../../../lib/realtime';
import { useRealtimeListener, useRealtimeStatus } from '../../../lib/realtime-hooks';
import { mediaErrorText } from './video-errors';

type TSignal =
  | { type: 'offer'; sdp: string }
  | { type: 'answer'; sdp: string }
  | { type: 'candidate'; candidate: RTCIceCandidateInit };

function parseSignal(data: Record<string, unknown>): TSignal | null {
  const sdp = data['sdp'];
  if (data['type'] === 'offer' && typeof sdp === 'string') return { type: 'offer', sdp };
  if (data['type'] === 'answer' && typeof sdp === 'string') return { type: 'answer', sdp };
  if (data['type'] === 'candidate' && typeof data['candidate'] === 'object' && data['candidate'] !== null) {
    return { type: 'candidate', candidate: data['candidate'] as RTCIceCandidateInit };
  }
  return null;
}

function Video({ stream, label, isMuted }: { stream: MediaStream | null; label: string; isMuted: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <Paper withBorder radius="md" p={4} bg="dark.8">
      {/* A live call has no captions to offer; the label names whose picture it is. */}
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={isMuted}
        aria-label={label}
        style={{ width: '100%', aspectRatio: '4 / 3', display: 'block' }}
      />
      <Text size="xs" c="white" px={4}>
        {label}
      </Text>
    </Paper>
  );
}

/**
 * The video room of a thread (spec 2 /inbox/{address}/thread/{threadId}; issue #5 item 2): a WebRTC call
 * between the two participants. Joining and leaving are announced over the realtime gateway (spec 4
 * 'Inbox-meeting participant connected or disconnected'); offer, answer and ICE candidates travel as
 * `signal` messages relayed only to the other participant; ICE servers come from the server (ICE_SERVERS).
 */
export function VideoRoom({ thread, viewerId }: { thread: TThread; viewerId: string }) {
  const status = useRealtimeStatus();
  const other = thread.otherUser;
  const [isJoined, setIsJoined] = useState(false);
  const [isStarting, setIsStarting] = useState(false);
  const [isOtherHere, setIsOtherHere] = useState(false);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [connection, setConnection] = useState<RTCPeerConnectionState | 'waiting'>('waiting');
  const peer = useRef<RTCPeerConnection | null>(null);
  const pendingCandidates = useRef<RTCIceCandidateInit[]>([]);
  const local = useRef<MediaStream | null>(null);
  /** Read by the realtime listener, which can run before a re-render after joining. */
  const isJoinedRef = useRef(false);
  // The participant with the smaller id makes the offer, so both never offer at once.
  const isOfferer = viewerId < other.id;

  const sendSignal = (data: TSignal) => realtime.send({ kind: 'signal', threadId: thread.id, data });

  const closePeer = () => {
    peer.current?.close();
    peer.current = null;
    pendingCandidates.current = [];
    setRemoteStream(null);
    setConnection('waiting');
  };

  const createPeer = (): RTCPeerConnection => {
    closePeer();
    const pc = new RTCPeerConnection({ iceServers: realtime.getIceServers() });
    peer.current = pc;
    for (const track of local.current?.getTracks() ?? [])
      if (local.current) pc.addTrack(track, local.current);
    pc.addEventListener('icecandidate', (event) => {
      if (event.candidate) sendSignal({ type: 'candidate', candidate: event.candidate.toJSON() });
    });
    pc.addEventListener('track', (event) =>
      setRemoteStream(event.streams[0] ?? new MediaStream([event.track])),
    );
    pc.addEventListener('connectionstatechange', () => setConnection(pc.connectionState));
    return pc;
  };

  const startOffer = async () => {
    const pc = createPeer();
    await pc.setLocalDescription(await pc.createOffer());
    if (pc.localDescription) sendSignal({ type: 'offer', sdp: pc.localDescription.sdp });
  };

  const flushCandidates = async (pc: RTCPeerConnection) => {
    for (const candidate of pendingCandidates.current.splice(0)) await pc.addIceCandidate(candidate);
  };

  const handleSignal = async (signal: TSignal) => {
    if (signal.type === 'offer') {
      const pc = createPeer();
      await pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
      await flushCandidates(pc);
      await pc.setLocalDescription(await pc.createAnswer());
      if (pc.localDescription) sendSignal({ type: 'answer', sdp: pc.localDescription.sdp });
    } else if (signal.type === 'answer') {
      const pc = peer.current;
      if (!pc || pc.signalingState !== 'have-local-offer') return;
      await pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
      await flushCandidates(pc);
    } else {
      const pc = peer.current;
      if (pc?.remoteDescription) await pc.addIceCandidate(signal.candidate);
      else pendingCandidates.current.push(signal.candidate);
    }
  };

  useRealtimeListener((message: TRealtimeServerMessage) => {
    if (message.kind === 'room' && message.threadId === thread.id && message.userId === other.id) {
      setIsOtherHere(message.isConnected);
      if (!message.isConnected) closePeer();
      else if (isJoinedRef.current && isOfferer) void startOffer().catch(() => setConnection('failed'));
    }
    if (
      message.kind === 'signal' &&
      message.threadId === thread.id &&
      message.fromUserId === other.id &&
      isJoinedRef.current
    ) {
      const signal = parseSignal(message.data);
      if (signal) void handleSignal(signal).catch(() => setConnection('failed'));
    }
    // A new socket after a reconnect is in no room: join again; otherwise ask who is there now, since the
    // other participant may have joined before this socket was open.
    if (message.kind === 'ready')
      realtime.send({ kind: isJoinedRef.current ? 'room.join' : 'room.peek', threadId: thread.id });
  });

  // A page opened on a live connection asks at once (its 'ready' came earlier).
  useEffect(() => {
    realtime.send({ kind: 'room.peek', threadId: thread.id });
  }, [thread.id]);

  const leave = () => {
    realtime.send({ kind: 'room.leave', threadId: thread.id });
    closePeer();
    for (const track of local.current?.getTracks() ?? []) track.stop();
    local.current = null;
    setLocalStream(null);
    isJoinedRef.current = false;
    setIsJoined(false);
  };

  // Leaving the page leaves the call.
  useEffect(
    () => () => {
      if (local.current) {
        realtime.send({ kind: 'room.leave', threadId: thread.id });
        for (const track of local.current.getTracks()) track.stop();
      }
      peer.current?.close();
    },
    [thread.id],
  );

  const join = async () => {
    setMediaError(null);
    setIsStarting(true);
    try {
      if (!window.isSecureContext || navigator.mediaDevices === undefined)
        throw Object.assign(new Error('insecure'), { name: 'InsecureContext' });
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
      local.current = stream;
      setLocalStream(stream);
      isJoinedRef.current = true;
      setIsJoined(true);
      realtime.send({ kind: 'room.join', threadId: thread.id });
    } catch (error) {
      setMediaError(mediaErrorText(error));
    } finally {
      setIsStarting(false);
    }
  };

  const headingId = `video-room-${thread.id}`;
  const connectionText = !isJoined
    ? null
    : !isOtherHere
      ? `Waiting for ${other.firstName} to join…`
      : connection === 'connected'
        ? `Connected with ${other.firstName}.`
        : connection === 'failed'
          ? `The call with ${other.firstName} could not be connected. Leave and join again.`
          : `Connecting to ${other.firstName}…`;

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4" id={headingId}>
          Video room
        </Title>
        {isJoined ? (
          <Button color="red.9" onClick={leave}>
            Leave video call
          </Button>
        ) : status === 'live' && thread.can.reply ? (
          // Offered only when it works: a greyed-out button said nothing the line below does not say.
          <Button onClick={() => void join()} loading={isStarting}>
            Join video call
          </Button>
        ) : null}
      </Group>
      <div aria-live="polite">
        {!isJoined && isOtherHere ? <Text size="sm">{other.firstName} is in the video room.</Text> : null}
        {connectionText !== null ? <Text size="sm">{connectionText}</Text> : null}
        {status !== 'live' && !isJoined ? (
          <Text size="sm" c="gray.7">
            Connecting to the live service…
          </Text>
        ) : null}
        {mediaError !== null ? (
          <Alert color="red" variant="outline" title="Camera or microphone unavailable" role="alert">
            {mediaError}
          </Alert>
        ) : null}
      </div>
      {isJoined ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Video stream={remoteStream} label={other.fullName} isMuted={false} />
          <Video stream={localStream} label="You" isMuted />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
