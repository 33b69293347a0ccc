// A minimal WebGL renderer for equirectangular video: one full-screen
// triangle pair whose fragment shader turns each pixel into a view ray and
// samples the video frame at that ray's longitude/latitude. This is the whole
// of what a 360 player needs, in a few kilobytes, where three.js would add
// hundreds.
import { basis, type Camera } from './camera';

const vertexSource = `
attribute vec2 position;
varying vec2 screen;
void main() { screen = position; gl_Position = vec4(position, 0.0, 1.0); }`;

const fragmentSource = `
precision highp float;
varying vec2 screen;
uniform sampler2D frame;
uniform vec3 forward; uniform vec3 right; uniform vec3 up;
uniform vec2 halfSize;
const float PI = 3.14159265358979;
void main() {
  vec3 ray = normalize(forward + screen.x * halfSize.x * right + screen.y * halfSize.y * up);
  float lon = atan(ray.x, ray.z);
  float lat = asin(clamp(ray.y, -1.0, 1.0));
  gl_FragColor = texture2D(frame, vec2(0.5 + lon / (2.0 * PI), 0.5 - lat / PI));
}`;

function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader) || 'shader');
  return shader;
}

export class Renderer {
  private readonly gl: WebGLRenderingContext;
  private readonly uniforms: Record<string, WebGLUniformLocation | null>;

  constructor(canvas: HTMLCanvasElement) {
    const gl = canvas.getContext('webgl');
    if (!gl) throw new Error('WebGL is not available');
    this.gl = gl;
    const program = gl.createProgram();
    gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, vertexSource));
    gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, fragmentSource));
    gl.linkProgram(program);
    gl.useProgram(program);
    gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
    const position = gl.getAttribLocation(program, 'position');
    gl.enableVertexAttribArray(position);
    gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);
    gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
    // Video frames are rarely powers of two: no mipmaps, clamp at the edges.
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    this.uniforms = Object.fromEntries(['forward', 'right', 'up', 'halfSize']
      .map((name) => [name, gl.getUniformLocation(program, name)]));
  }

  draw(video: HTMLVideoElement, camera: Camera): void {
    const gl = this.gl;
    const canvas = gl.canvas as HTMLCanvasElement;
    gl.viewport(0, 0, canvas.width, canvas.height);
    if (video.readyState >= video.HAVE_CURRENT_DATA) {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGB, gl.RGB, gl.UNSIGNED_BYTE, video);
    }
    const { forward, right, up } = basis(camera);
    const tanHalf = Math.tan(camera.fov / 2);
    gl.uniform3fv(this.uniforms.forward, forward);
    gl.uniform3fv(this.uniforms.right, right);
    gl.uniform3fv(this.uniforms.up, up);
    gl.uniform2f(this.uniforms.halfSize, tanHalf * (canvas.width / canvas.height), tanHalf);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
  }
}
