%% The erl side of tests/erlang/compare.mjs and scripts/gen-golden-erlang.mjs: the same jobs as
%% ringlab_erlang_check, answered by OTP itself, a whole file per run.
%%
%%   hash:    RANGES<TAB>TERM[<TAB>TEXT]  ->  ok<TAB>phash2/1<TAB>phash2(T, R) for each R<TAB>SAME
%%   malachi: BITS<TAB>VNODES<TAB>KEYS    ->  ok<TAB>OWNER,OWNER...
%%
%% TERM is read as erl reads a term (erl_scan, then erl_parse:parse_term, the closing dot
%% added when the text has none); text it rejects answers "error". SAME tells whether TEXT (ringlab's writing of the term) reads back =:= to
%% it: same, differs or unreadable ("-" without TEXT). An OWNER is the position in VNODES of the
%% vnode Malachi's linear ceiling search picks for a key: the first by token with
%% token >= phash2(Key, 2^BITS), else the smallest token.
-module(phash2_oracle).
-export([main/1]).

main([Mode, In, Out]) ->
    {ok, Data} = file:read_file(In),
    Lines = [L || L <- binary:split(Data, <<"\n">>, [global]), L =/= <<>>],
    Job = case Mode of
              "hash" -> fun hash/1;
              "malachi" -> fun malachi/1
          end,
    ok = file:write_file(Out, [[Job(L), $\n] || L <- Lines]),
    halt(0).

read(Text) ->
    try
        Chars = unicode:characters_to_list(Text),
        true = is_list(Chars),
        {ok, Tokens, _} = erl_scan:string(Chars),
        %% The closing dot erl wants is optional, as in ringlab.
        Dotted = case lists:reverse(Tokens) of
                     [{dot, _} | _] -> Tokens;
                     _ -> Tokens ++ [{dot, 1}]
                 end,
        {ok, Term} = erl_parse:parse_term(Dotted),
        {ok, Term}
    catch
        _:_ -> error
    end.

hash(Line) ->
    [RangesText, Text | Ours] = binary:split(Line, <<"\t">>, [global]),
    Ranges = [binary_to_integer(R) || R <- binary:split(RangesText, <<",">>, [global])],
    case read(Text) of
        error ->
            "error";
        {ok, T} ->
            Same = case Ours of
                       [] -> "-";
                       [O] -> case read(O) of
                                  {ok, T2} when T2 =:= T -> "same";
                                  {ok, _} -> "differs";
                                  error -> "unreadable"
                              end
                   end,
            Ranged = lists:join(",", [integer_to_list(erlang:phash2(T, R)) || R <- Ranges]),
            ["ok\t", integer_to_list(erlang:phash2(T)), "\t", Ranged, "\t", Same]
    end.

malachi(Line) ->
    [BitsText, VnodesText, KeysText] = binary:split(Line, <<"\t">>, [global]),
    Bits = binary_to_integer(BitsText),
    case {read(VnodesText), read(KeysText)} of
        {{ok, Vnodes}, {ok, Keys}} -> malachi(Bits, Vnodes, Keys);
        _ -> "error"
    end.

malachi(Bits, Vnodes, Keys) ->
    Sorted = lists:keysort(1, [{Token, Ix} || {Ix, {_Id, Token}} <- lists:zip(lists:seq(0, length(Vnodes) - 1), Vnodes)]),
    Owners = [route(erlang:phash2(K, 1 bsl Bits), Sorted) || K <- Keys],
    ["ok\t", lists:join(",", [integer_to_list(I) || I <- Owners])].

route(Hash, Sorted) ->
    case [Ix || {Token, Ix} <- Sorted, Token >= Hash] of
        [First | _] -> First;
        [] -> element(2, hd(Sorted))
    end.
