// The 360 camera: a yaw/pitch looking direction and a vertical field of view.
// The shader (renderer.ts) casts a ray per pixel with the same basis that
// project() uses here, so hotspots land where the picture is.

export interface Camera { yaw: number; pitch: number; fov: number }

type Vec3 = [number, number, number];

const maxPitch = (85 * Math.PI) / 180;

export function clampPitch(pitch: number): number {
  return Math.min(Math.max(pitch, -maxPitch), maxPitch);
}

// direction of a yaw/pitch pair: yaw 0, pitch 0 looks at the centre of the
// equirectangular frame; positive yaw turns right, positive pitch looks up.
export function direction(yaw: number, pitch: number): Vec3 {
  return [Math.cos(pitch) * Math.sin(yaw), Math.sin(pitch), Math.cos(pitch) * Math.cos(yaw)];
}

export function basis(camera: Camera): { forward: Vec3; right: Vec3; up: Vec3 } {
  const forward = direction(camera.yaw, camera.pitch);
  const right: Vec3 = [Math.cos(camera.yaw), 0, -Math.sin(camera.yaw)];
  const up: Vec3 = [
    forward[1] * right[2] - forward[2] * right[1],
    forward[2] * right[0] - forward[0] * right[2],
    forward[0] * right[1] - forward[1] * right[0],
  ];
  return { forward, right, up };
}

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

// project maps a yaw/pitch point to percent of the viewport, or undefined
// when it is behind the camera or off screen.
export function project(camera: Camera, aspect: number, yaw: number, pitch: number): { x: number; y: number } | undefined {
  const { forward, right, up } = basis(camera);
  const point = direction(yaw, pitch);
  const depth = dot(point, forward);
  if (depth <= 0) return undefined;
  const tanHalf = Math.tan(camera.fov / 2);
  const sx = dot(point, right) / (depth * tanHalf * aspect);
  const sy = dot(point, up) / (depth * tanHalf);
  if (Math.abs(sx) > 1 || Math.abs(sy) > 1) return undefined;
  return { x: 50 + 50 * sx, y: 50 - 50 * sy };
}
