# The Elixir side of tests/erlang/elixir.mjs: reads a file of term texts, each ended by a NUL
# byte, and writes one answer line per text, all in one Elixir process:
#
#   ok<TAB>phash2(Value, 2^32)     when Elixir reads and evaluates the text
#   error<TAB>MODULE<TAB>MESSAGE   when it does not (the exception's module, its first line)
#
# The text is read as Elixir code (Code.string_to_quoted!/1) and evaluated with no bindings, as
# a user's key typed in iex would be.
[input, output] = System.argv()

answer = fn text ->
  try do
    {value, _binding} = text |> Code.string_to_quoted!() |> Code.eval_quoted()
    ["ok\t", Integer.to_string(:erlang.phash2(value, 4_294_967_296))]
  rescue
    e ->
      first = e |> Exception.message() |> String.split("\n") |> hd()
      ["error\t", Atom.to_string(e.__struct__), "\t", String.replace(first, "\t", " ")]
  catch
    kind, _ -> ["error\t", Atom.to_string(kind), "\t-"]
  end
end

answers =
  input
  |> File.read!()
  |> :binary.split(<<0>>, [:global])
  |> Enum.drop(-1)
  |> Enum.map(&[answer.(&1), "\n"])

File.write!(output, answers)
