"""A small decoder-only transformer for characters, written plainly (after GPT-2 and nanoGPT).

Token and learned position embeddings, a stack of pre-LayerNorm blocks (causal multi-head
self-attention, then a 4x GELU MLP, each added back to the residual stream after dropout),
a final LayerNorm, and an output layer that reuses the token embedding matrix (tying).
``forward(x)`` returns logits ``(B, T, vocab)`` like the recurrent models, so the book's
trainer and evaluation take it unchanged. A :class:`KVCache` lets generation read each
token once: the keys and values of the past are kept instead of recomputed, in buffers
allocated once at the model's context and filled in place, so a step writes one position
and copies nothing.
"""

from __future__ import annotations

import math

import torch
from torch import nn

from dlbook._checks import (
    check_logits,
    check_next_logits,
    eval_mode,
    fraction,
    model_device,
    positive_int,
    token_ids,
    token_sequence,
)
from dlbook.device import make_generator

KeyValue = tuple[torch.Tensor, torch.Tensor]


class KVCache:
    """The keys and values each layer has computed for the tokens read so far.

    A layer's keys and values live in two buffers ``(B, H, capacity, D/H)``, allocated when
    the layer first writes (with the batch, heads, width, dtype and device of its first
    keys; ``capacity`` is the context of the model that fills the cache) and filled in
    place: a step writes its own position and attention reads the filled prefix as a view,
    so no step copies the past. ``len(cache)`` tokens are filled; :meth:`truncate` goes back.
    """

    def __init__(self, layers: int):
        layers = positive_int("layers", layers)
        self.keys: list[torch.Tensor | None] = [None] * layers
        self.values: list[torch.Tensor | None] = [None] * layers
        self.filled = 0  # positions every layer holds; the model advances it after a call
        self.capacity: int | None = None  # set by the first model to use the cache

    def __len__(self) -> int:
        """How many tokens are cached."""
        return self.filled

    def write(self, layer: int, k: torch.Tensor, v: torch.Tensor) -> KeyValue:
        """Write ``layer``'s keys and values ``(B, H, T, D/H)`` of ``T`` new tokens into the
        slots after the filled ones; return the keys and values of all of them (views)."""
        if self.keys[layer] is None:  # the first tokens give the shapes; the model the length
            B, H, _, width = k.shape
            self.keys[layer] = k.new_empty(B, H, self.capacity, width)
            self.values[layer] = v.new_empty(B, H, self.capacity, width)
        end = self.filled + k.shape[2]
        self.keys[layer][:, :, self.filled:end] = k
        self.values[layer][:, :, self.filled:end] = v
        return self.keys[layer][:, :, :end], self.values[layer][:, :, :end]

    def truncate(self, length: int) -> None:
        """Keep the first ``length`` cached tokens and forget the rest: the next token is
        written at position ``length``, over what was there; nothing is freed or copied."""
        if isinstance(length, bool) or not isinstance(length, int) or not (
                0 <= length <= self.filled):
            raise ValueError(f"length must be an int in [0, {self.filled}] (a cache can only "
                             f"go back to fewer of its {self.filled} tokens), got {length!r}")
        self.filled = length


class CausalSelfAttention(nn.Module):
    """Multi-head self-attention in which position ``t`` sees positions ``<= t`` only.

    ``forward(x, cache, layer)`` takes ``x`` ``(B, T, D)`` and, when generating, the
    :class:`KVCache` of the tokens before ``x``, into which it writes ``x``'s keys and values
    as layer ``layer``; it returns the output ``(B, T, D)`` and the keys and values it read.
    """

    def __init__(self, *, dim: int, heads: int, dropout: float):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)  # queries, keys and values in one product
        self.proj = nn.Linear(dim, dim)
        self.drop = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor, cache: KVCache | None = None, layer: int = 0
                ) -> tuple[torch.Tensor, KeyValue]:
        B, T, D = x.shape
        q, k, v = (t.view(B, T, self.heads, D // self.heads).transpose(1, 2)  # (B, H, T, D/H)
                   for t in self.qkv(x).split(D, dim=2))
        if cache is not None:
            k, v = cache.write(layer, k, v)  # the past's keys and values, then x's
        # A window read at once (alone or into an empty cache) needs the causal mask; one
        # new token may see all of its past.
        y = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=k.shape[2] == T)
        return self.drop(self.proj(y.transpose(1, 2).reshape(B, T, D))), (k, v)


class Block(nn.Module):
    """One pre-LayerNorm block: ``x + attention(norm(x))``, then ``x + mlp(norm(x))``."""

    def __init__(self, *, dim: int, heads: int, dropout: float):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = CausalSelfAttention(dim=dim, heads=heads, dropout=dropout)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim),
                                 nn.Dropout(dropout))

    def forward(self, x: torch.Tensor, cache: KVCache | None = None, layer: int = 0
                ) -> tuple[torch.Tensor, KeyValue]:
        attended, seen = self.attn(self.norm1(x), cache, layer)
        x = x + attended
        return x + self.mlp(self.norm2(x)), seen


class CharTransformer(nn.Module):
    """A decoder-only transformer over ``vocab`` characters with ``context`` positions.

    ``forward(x, cache)`` takes ids ``(B, T)`` with ``T <= context`` and returns logits
    ``(B, T, vocab)``; logit ``t`` depends on ``x[:, :t + 1]`` only. With a
    :class:`KVCache` the positions continue after the cached tokens, whose keys and values
    are written into the cache's next slots: read a prompt into an empty cache, then one
    token per call.
    """

    def __init__(self, vocab: int, *, context: int, dim: int, layers: int, heads: int,
                 dropout: float = 0.0):
        super().__init__()
        vocab, context, dim, layers, heads = (positive_int(name, value) for name, value in (
            ("vocab", vocab), ("context", context), ("dim", dim), ("layers", layers),
            ("heads", heads)))
        if dim % heads:
            raise ValueError(f"dim={dim} must be a multiple of heads={heads} (each head reads "
                             f"dim / heads features); pick dim and heads accordingly")
        self.vocab, self.context = vocab, context
        self.embed = nn.Embedding(vocab, dim)
        self.position = nn.Embedding(context, dim)
        self.drop = nn.Dropout(fraction("dropout", dropout))
        self.blocks = nn.ModuleList(Block(dim=dim, heads=heads, dropout=dropout)
                                    for _ in range(layers))
        self.norm = nn.LayerNorm(dim)
        self.apply(_init_gpt2)
        for block in self.blocks:  # each residual branch adds to the stream: keep the sum small
            for layer in (block.attn.proj, block.mlp[2]):
                nn.init.normal_(layer.weight, std=0.02 / math.sqrt(2 * layers))

    def forward(self, x: torch.Tensor, cache: KVCache | None = None) -> torch.Tensor:
        token_ids("x", x, vocab=self.vocab, dim=2)
        past = 0 if cache is None else len(cache)
        if past + x.shape[1] > self.context:
            raise ValueError(f"{past} cached + {x.shape[1]} new tokens exceed context="
                             f"{self.context}; feed at most the last {self.context} tokens")
        if cache is not None and len(cache.keys) != len(self.blocks):
            raise ValueError(f"cache holds {len(cache.keys)} layers but the model has "
                             f"{len(self.blocks)}; make it with KVCache({len(self.blocks)})")
        if cache is not None and cache.capacity not in (None, self.context):
            raise ValueError(f"cache was made for context={cache.capacity} but the model has "
                             f"context={self.context}; start a new KVCache for this model")
        if past and x.shape[1] != 1:  # the mask of one new query is no mask (see attention)
            raise ValueError(f"after the prompt feed one token at a time, got {x.shape[1]}")
        filled_for = None if cache is None or cache.keys[0] is None else cache.keys[0].shape[0]
        if filled_for not in (None, x.shape[0]):
            raise ValueError(f"cache holds {filled_for} sequences but x has {x.shape[0]} "
                             f"rows; a KVCache serves the batch it was filled with: feed that "
                             f"batch, or start a new KVCache for this one")
        if cache is not None:
            cache.capacity = self.context  # allocated once this long, no step need grow it
        positions = torch.arange(past, past + x.shape[1], device=x.device)
        h = self.drop(self.embed(x) + self.position(positions))
        for i, block in enumerate(self.blocks):
            h, _ = block(h, cache, i)
        if cache is not None:
            cache.filled += x.shape[1]  # only now: a call that fails leaves the cache as it was
        return nn.functional.linear(self.norm(h), self.embed.weight)  # tied output layer


def _init_gpt2(module: nn.Module) -> None:
    """GPT-2's initialisation: small normal weights, zero biases. PyTorch's default N(0, 1)
    embeddings would make the tied output layer's first logits far too confident."""
    if isinstance(module, nn.Linear | nn.Embedding):
        nn.init.normal_(module.weight, std=0.02)
    if isinstance(module, nn.Linear) and module.bias is not None:
        nn.init.zeros_(module.bias)


def parameter_count(*, vocab: int, context: int, dim: int, layers: int) -> int:
    """Parameters of a :class:`CharTransformer`: the token table (shared with the output
    layer), the position table, and per block two LayerNorms (4D), the attention's
    ``3D^2 + 3D`` and ``D^2 + D``, the MLP's ``4D^2 + 4D`` and ``4D^2 + D``; a final LayerNorm."""
    for name, value in (("vocab", vocab), ("context", context), ("dim", dim), ("layers", layers)):
        positive_int(name, value)
    return vocab * dim + context * dim + layers * (12 * dim**2 + 13 * dim) + 2 * dim


@torch.no_grad()
def generate(model: CharTransformer, prompt: torch.Tensor, *, steps: int, temperature: float,
             seed: int = 0, cache: bool = True) -> torch.Tensor:
    """Continue ``prompt`` (1-D ids) by ``steps`` tokens; return only the new ids.

    With ``cache`` the prompt is read once into a :class:`KVCache` and each step feeds only
    the newest token, so prompt and continuation must fit in the context. Without it every
    step re-reads the last ``context`` tokens (a sliding window, any length). The draw is
    :func:`dlbook.sampling.generate`'s: softmax of ``logits / temperature``, greedy at 0.
    """
    steps = positive_int("steps", steps)
    if isinstance(temperature, bool) or not isinstance(temperature, int | float) or not (
            0 <= temperature < math.inf):
        raise ValueError(f"temperature must be a number >= 0 (0 means greedy), got {temperature}")
    if not isinstance(model, CharTransformer):
        raise TypeError(f"model must be a CharTransformer, got {type(model).__name__}; sample a "
                        f"recurrent model with dlbook.sampling.generate")
    prompt = token_sequence("prompt", prompt, vocab=model.vocab)
    if cache and len(prompt) + steps - 1 > model.context:
        raise ValueError(f"a prompt of {len(prompt)} and {steps} steps exceed context="
                         f"{model.context}; generate fewer steps or pass cache=False")
    device, generator = model_device(model), make_generator(seed)
    with eval_mode(model):  # dropout off; the caller's mode comes back, also on a refusal
        ids = prompt.to(device)
        kv = KVCache(len(model.blocks)) if cache else None
        x = ids[-model.context:].unsqueeze(0)
        for step in range(steps):
            logits = model(x, kv)
            check_logits(logits, vocab=model.vocab, inputs=x)
            last = logits[0, -1].float().cpu()
            check_next_logits(last, step=step)
            probs = torch.softmax(last / temperature, dim=-1) if temperature > 0 else None
            if probs is None or not bool(torch.isfinite(probs).all()):
                token = last.argmax().view(1)  # T = 0, or so small that logits / T overflowed
            else:
                token = torch.multinomial(probs, 1, generator=generator)
            ids = torch.cat([ids, token.to(device)])
            x = (ids[-1:] if cache else ids[-model.context:]).unsqueeze(0)
    return ids[len(prompt):].cpu()
